// When a lot was made, listed and sold (issue 34: the Overview's ageing and its weeks), as every lot on the wire
// carries it: stamped by the database on each change of status, whichever destination made it, never by a client.
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/error-codes';
import { LotSchema, type Lot, type LotStatus } from '../../src/protocol/lots';
import { ALICE, createLot, listLots, staffSuite } from '../support/staff';
import type { TestClient } from '../support/stomp-client';

const suite = staffSuite();

async function setStatus(client: TestClient, lot: Lot, status: LotStatus): Promise<Lot> {
  const reply = (await client.request('updateLotStatus', { status, lotIds: [lot.id] }, 'incomingMessages')) as { errorCode: number; data: unknown };
  expect(reply.errorCode).toBe(ErrorCode.OK);
  const [changed] = LotSchema.array().parse(reply.data);
  if (changed === undefined) throw new Error('no lot in the reply');
  return changed;
}

const at = (time: string | null | undefined): number => (time == null ? Number.NaN : Date.parse(time));

describe('a lot on the wire', () => {
  it('says when it was made, and is neither listed nor sold while NOT_LISTED', async () => {
    const client = await suite.staff.connect(ALICE);
    const before = Date.now();
    const lot = await createLot(client, 'Pallet of kettles');
    expect(at(lot.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(at(lot.createdAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(lot).toMatchObject({ listedAt: null, soldAt: null });
    const [listed] = (await listLots(client)).filter((each) => each.id === lot.id);
    expect(listed?.createdAt).toBe(lot.createdAt); // the same on every reply that carries the lot
  });

  it('is stamped when listed and when sold; SHIPPED keeps the sale; back to LISTED drops the sale; NOT_LISTED clears both', async () => {
    const client = await suite.staff.connect(ALICE);
    const lot = await createLot(client, 'Pallet of lamps');

    const listed = await setStatus(client, lot, 'LISTED');
    expect(at(listed.listedAt)).toBeGreaterThanOrEqual(at(lot.createdAt));
    expect(listed.soldAt).toBeNull();

    const sold = await setStatus(client, listed, 'SOLD');
    expect(sold.listedAt).toBe(listed.listedAt);
    expect(at(sold.soldAt)).toBeGreaterThanOrEqual(at(listed.listedAt));

    const shipped = await setStatus(client, sold, 'SHIPPED');
    expect(shipped).toMatchObject({ listedAt: listed.listedAt, soldAt: sold.soldAt });

    const relisted = await setStatus(client, shipped, 'LISTED');
    expect(relisted.soldAt).toBeNull();
    expect(at(relisted.listedAt)).toBeGreaterThanOrEqual(at(listed.listedAt));

    const unlisted = await setStatus(client, relisted, 'NOT_LISTED');
    expect(unlisted).toMatchObject({ listedAt: null, soldAt: null, createdAt: lot.createdAt });
  });

  it('shipped without being marked sold counts as sold from then', async () => {
    const client = await suite.staff.connect(ALICE);
    const lot = await createLot(client, 'Pallet of fans');
    const shipped = await setStatus(client, lot, 'SHIPPED');
    expect(shipped.listedAt).toBeNull();
    expect(at(shipped.soldAt)).toBeGreaterThanOrEqual(at(lot.createdAt));
  });

  it('keeps its times when the client sends others: they are the server\'s', async () => {
    const client = await suite.staff.connect(ALICE);
    const lot = await createLot(client, 'Pallet of chairs');
    await client.request('updateManifest', { ...lot, titleListing: 'Pallet of red chairs', createdAt: '2001-01-01T00:00:00.000Z', listedAt: '2001-01-01T00:00:00.000Z' }, 'incomingMessages');
    const [kept] = (await listLots(client)).filter((each) => each.id === lot.id);
    expect(kept).toMatchObject({ titleListing: 'Pallet of red chairs', createdAt: lot.createdAt, listedAt: null });
  });
});
