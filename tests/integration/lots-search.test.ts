// Finding lots on the lots page (spec §2 search box and Multiple SKUs, §7): /app/getLotSuggestions and
// /app/getLotsBySkus on the real server, replies checked against the contract, and never another user's lots.
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/error-codes';
import { LOT_SUGGESTIONS_MAX, LotSchema, type Lot } from '../../src/protocol/lots';
import { MessageType } from '../../src/protocol/message-types';
import { invalid, send } from '../support/lot-replies';
import { ADMIN, ALICE, BOB, createLot, staffSuite, uniqueName } from '../support/staff';
import type { TestClient } from '../support/stomp-client';


const suite = staffSuite();

/** The suggestions the search box would show for `text`. */
async function suggest(client: TestClient, text: string): Promise<Lot[]> {
  return LotSchema.array().parse(await client.request('getLotSuggestions', text, 'lotSuggestions'));
}

const titlesOf = (lots: readonly Lot[]) => lots.map((lot) => lot.titleListing);

describe('/app/getLotSuggestions', () => {
  it('shows lots whose title starts with the text before lots that only contain it, each part by lot number', async () => {
    const alice = await suite.staff.connect(ALICE);
    const word = uniqueName('zebra'); // no other test's lot holds it
    await createLot(alice, `Big ${word} one`); // created first: the lower lot numbers
    await createLot(alice, `Big ${word} two`);
    await createLot(alice, `${word} three`);
    await createLot(alice, `${word.toUpperCase()} four`);
    expect(titlesOf(await suggest(alice, word))).toEqual([`${word} three`, `${word.toUpperCase()} four`, `Big ${word} one`, `Big ${word} two`]);
  });

  it('finds a lot by the start of its number first, then lots whose title mentions that number', async () => {
    const alice = await suite.staff.connect(ALICE);
    const target = await createLot(alice, uniqueName('Target'));
    const mention = await createLot(alice, `Rework of ${target.lotNumber}`);
    expect(await suggest(alice, target.lotNumber)).toEqual([target, mention]);
    expect((await suggest(alice, target.lotNumber.toLowerCase()))[0]).toEqual(target);
  });

  it(`shows at most ${LOT_SUGGESTIONS_MAX} lots, filled by prefix matches before any contained match`, async () => {
    const alice = await suite.staff.connect(ALICE);
    const word = uniqueName('crate');
    const contained = await createLot(alice, `Old ${word}`); // the lowest lot number, yet only contained
    for (let n = 0; n < LOT_SUGGESTIONS_MAX + 2; n++) await createLot(alice, `${word} ${n}`);
    const shown = await suggest(alice, word);
    expect(shown).toHaveLength(LOT_SUGGESTIONS_MAX);
    expect(shown).not.toContainEqual(contained);
    expect(shown.every((lot) => lot.titleListing.startsWith(word))).toBe(true);
  });

  it("never shows a user another user's lots; an admin sees everyone's", async () => {
    const [alice, bob, admin] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB), await suite.staff.connect(ADMIN)];
    const word = uniqueName('private');
    const hers = await createLot(alice, `${word} hers`);
    const his = await createLot(bob, `${word} his`);
    expect(await suggest(alice, word)).toEqual([hers]);
    expect(await suggest(bob, word)).toEqual([his]);
    expect(await suggest(admin, word)).toEqual([hers, his]);
    expect(await suggest(bob, hers.lotNumber)).toEqual([]);
  });

  it("finds a lot by its number as people type it: 'lot-7' and '007' mean LOT-000007 (issue 31)", async () => {
    const alice = await suite.staff.connect(ALICE);
    const lot = await createLot(alice, uniqueName('Typed'));
    const number = Number(lot.lotNumber.replace(/\D/g, ''));
    expect((await suggest(alice, `lot-${number}`)).map((found) => found.id)).toContain(lot.id);
    expect((await suggest(alice, String(number).padStart(3, '0'))).map((found) => found.id)).toContain(lot.id);
  });

  it('takes % and _ in the text literally', async () => {
    const alice = await suite.staff.connect(ALICE);
    const word = uniqueName('wool');
    const wool = await createLot(alice, `${word} 100% merino`);
    expect(await suggest(alice, `${word} 100%`)).toEqual([wool]);
    expect(await suggest(alice, `${word}_100`)).toEqual([]);
    expect(await suggest(alice, `${word} %merino`)).toEqual([]);
  });

  it('refuses a blank search text and one that is not text with BAD_REQUEST', async () => {
    const alice = await suite.staff.connect(ALICE);
    expect(await send(alice, 'getLotSuggestions', '   ')).toEqual(invalid(/^The value cannot be empty\.$/));
    expect(await send(alice, 'getLotSuggestions', { text: 'abc' })).toEqual(invalid(/^The value must be text\.$/));
    expect(await send(alice, 'getLotSuggestions', 'x'.repeat(101))).toEqual(invalid(/^The value is too long \(at most 100 characters\)\.$/));
  });
});

describe('/app/getLotsBySkus', () => {
  it('answers FOUND_LOTS with the lots found, in the order asked, and says how many were found', async () => {
    const alice = await suite.staff.connect(ALICE);
    const [first, second] = [await createLot(alice, 'By SKU one'), await createLot(alice, 'By SKU two')];
    const reply = await send(alice, 'getLotsBySkus', [second.lotNumber, 'NOPE-000001', first.lotNumber, second.lotNumber]);
    expect(reply).toEqual({ errorCode: ErrorCode.OK, messageType: MessageType.FOUND_LOTS, message: 'Found lots: 2 of 3', data: [second, first] });
  });

  it("finds lots typed as people type them: 'lot-7', '7' and '000007' mean LOT-000007 (issue 31)", async () => {
    const alice = await suite.staff.connect(ALICE);
    const [first, second, third] = [await createLot(alice, 'Typed one'), await createLot(alice, 'Typed two'), await createLot(alice, 'Typed three')];
    const number = (lot: Lot) => Number(lot.lotNumber.replace(/\D/g, ''));
    const asked = [`lot-${number(first)}`, String(number(second)), String(number(third)).padStart(6, '0'), first.lotNumber];
    expect(await send(alice, 'getLotsBySkus', asked)).toMatchObject({ message: 'Found lots: 3 of 4', data: [first, second, third] });
  });

  it("leaves out another user's lots for a user, not for an admin", async () => {
    const [alice, bob, admin] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB), await suite.staff.connect(ADMIN)];
    const [hers, his] = [await createLot(alice, 'SKU hers'), await createLot(bob, 'SKU his')];
    const asked = [hers.lotNumber, his.lotNumber];
    expect(await send(bob, 'getLotsBySkus', asked)).toMatchObject({ message: 'Found lots: 1 of 2', data: [his] });
    expect(await send(admin, 'getLotsBySkus', asked)).toMatchObject({ message: 'Found lots: 2 of 2', data: [hers, his] });
  });

  it('answers a list that matches nothing with no lots, not an error', async () => {
    const alice = await suite.staff.connect(ALICE);
    expect(await send(alice, 'getLotsBySkus', ['NOPE-000404'])).toEqual({
      errorCode: ErrorCode.OK, messageType: MessageType.FOUND_LOTS, message: 'Found lots: 0 of 1', data: [],
    });
  });

  it('refuses an empty list and a blank lot number with BAD_REQUEST naming the entry', async () => {
    const alice = await suite.staff.connect(ALICE);
    expect(await send(alice, 'getLotsBySkus', [])).toEqual(invalid(/^The value must have at least 1 entry\.$/));
    expect(await send(alice, 'getLotsBySkus', ['LOT-000001', ' '])).toEqual(invalid(/^item 2: The value cannot be empty\.$/));
  });
});
