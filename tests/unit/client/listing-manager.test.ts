// The Listing Manager's rules and requests (spec §2 Listing Manager, §5 listing / preview / calculate rules, §9 price
// and listing defaults): which actions show, the message when one cannot go, the remembered multipliers and quantity,
// Calculate (setPricesForLot per lot) and Create Preview (generateWCHTMLListing, its reply's data the HTML) on the
// real server.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  calculateProblem, listingPreview, listProblem, previewProblem, publicListingPath, requestPreview, restorePriceRequest, restoreQuantity, savePriceRequest,
  saveQuantity, setPrices, showsList, showsPreview, showsUnlist, unlistProblem,
} from '../../../src/domains/listings';
import { createNote } from '../../../src/domains/notes';
import { priceForm, readPriceForm } from '../../../src/features/listing/price-form';
import { DEFAULT_PRICE_REQUEST, type Note } from '../../../src/protocol/listings';
import { LotStatus, type Lot } from '../../../src/protocol/lots';
import { ClientMessages, ListingManagerMessages, ListingMessages, TemplateMessages } from '../../../src/protocol/messages';
import { createMemoryStorage, createSettings } from '../../../src/sync/session/settings';
import { startClientServer, type ClientServer } from './support/server';
import { startHarness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());
beforeEach(() => listingPreview.reset());

const WAIT = { timeout: 10_000, interval: 5 };
const lot = (status: LotStatus) => ({ status });

describe('which Listing Manager actions show (spec §2)', () => {
  it('shows List only when several lots are selected or the single lot is NOT_LISTED', () => {
    expect(showsList([lot(LotStatus.NOT_LISTED)])).toBe(true);
    expect(showsList([lot(LotStatus.LISTED)])).toBe(false);
    expect(showsList([lot(LotStatus.LISTED), lot(LotStatus.SOLD)])).toBe(true);
  });

  it('shows Unlist and the public link with exactly one LISTED, SHIPPED or SOLD lot', () => {
    for (const status of [LotStatus.LISTED, LotStatus.SHIPPED, LotStatus.SOLD]) expect(showsUnlist([lot(status)])).toBe(true);
    expect(showsUnlist([lot(LotStatus.NOT_LISTED)])).toBe(false);
    expect(showsUnlist([lot(LotStatus.LISTED), lot(LotStatus.LISTED)])).toBe(false);
    expect(publicListingPath('pallet-a')).toBe('/store/pallet-a');
  });

  it('shows Create Preview only with exactly one lot', () => {
    expect(showsPreview([lot(LotStatus.NOT_LISTED)])).toBe(true);
    expect(showsPreview([])).toBe(false);
    expect(showsPreview([lot(LotStatus.NOT_LISTED), lot(LotStatus.NOT_LISTED)])).toBe(false);
  });
});

describe('the Listing Manager messages (spec §5)', () => {
  it('shows "Please select a lot first" when listing with no lot', () => expect(listProblem(0, 3)).toBe(ClientMessages.selectLotFirst));
  it('shows "Please select a template first" when no template is chosen', () => {
    expect(listProblem(2, undefined)).toBe(ListingManagerMessages.selectTemplateFirst);
    expect(previewProblem(1, undefined)).toBe(ListingManagerMessages.selectTemplateFirst);
  });
  it('shows "Please select only one lot to create preview" with several lots', () => expect(previewProblem(2, 3)).toBe(ListingManagerMessages.onlyOneLotForPreview));
  it('shows "No lots selected for price calculation." when calculating with no lot', () => {
    expect(calculateProblem(0)).toBe(ListingManagerMessages.noLotsToPrice);
    expect(calculateProblem(1)).toBeUndefined();
  });
  it('unlists exactly one lot', () => {
    expect(unlistProblem(2)).toBe(ListingManagerMessages.onlyOneLotToUnlist);
    expect(unlistProblem(1)).toBeUndefined();
  });
});

describe('the price request and quantity remembered on this device (spec §9)', () => {
  it('starts from the defaults: 0.2, 0.1, 2.5, 0.25, 0, no notes, free shipping, quantity 0', () => {
    const settings = createSettings(createMemoryStorage());
    expect(restorePriceRequest(settings)).toEqual({
      manifestId: -1, retailCostMult: 0.2, minOfRetailMult: 0.1, clientCostMult: 2.5, maxOfRetailMult: 0.25, perUnitPriceMult: 0, specialNotes: '', free_shipping: true,
    });
    expect(restoreQuantity(settings)).toBe(0);
  });

  it('restores what was saved, with the manifest id reset to -1', () => {
    const settings = createSettings(createMemoryStorage());
    savePriceRequest(settings, { ...DEFAULT_PRICE_REQUEST, manifestId: 42, clientCostMult: 3, free_shipping: false, specialNotes: 'As is' });
    saveQuantity(settings, 5);
    expect(restorePriceRequest(settings)).toMatchObject({ manifestId: -1, clientCostMult: 3, free_shipping: false, specialNotes: 'As is' });
    expect(restoreQuantity(settings)).toBe(5);
  });

  it('reads the typed multipliers, refusing a non-number in the spec\'s words', () => {
    const form = priceForm(DEFAULT_PRICE_REQUEST);
    expect(readPriceForm(form, 7)).toEqual({ ...DEFAULT_PRICE_REQUEST, manifestId: 7 });
    const typo = { ...form, multipliers: { ...form.multipliers, clientCostMult: 'x' } };
    expect(() => readPriceForm(typo, 7)).toThrow(ClientMessages.numberRequired(ListingManagerMessages.multipliers.clientCostMult, 'x'));
  });
});

describe('/app/setPricesForLot and /app/generateWCHTMLListing from the Listing Manager', () => {
  async function seller() {
    const h = await startHarness(server);
    const made = await server.ask<Lot>(h.token, 'createManifest', `<b>Pallet</b> ${h.user}`);
    const template = await server.ask<Note>(h.token, 'createNote', { id: 0, label: `template_${h.user}`, data: '<h2>{{title}}</h2>' });
    h.connection.open();
    return { h, made, template };
  }

  it('Calculate sends one setPricesForLot per lot and says the server\'s words', async () => {
    const { h, made } = await seller();
    await h.sync.enqueue(setPrices.build({ ...DEFAULT_PRICE_REQUEST, manifestId: made.id, specialNotes: 'Sold as is' }));
    await vi.waitFor(() => expect(h.notifier.success).toHaveBeenCalledWith(ListingMessages.priced(made.lotNumber)), WAIT);
    expect((await server.ask<Lot>(h.token, 'getLotById', made.id)).specialNotes).toBe('Sold as is');
  });

  it('Create Preview brings the lot\'s listing HTML, the title escaped', async () => {
    const { made, template } = await seller();
    await requestPreview({ manifestId: made.id, templateId: template.id, qnt: 0, free_shipping: true });
    expect(listingPreview.get().waitingFor).toBe(made.id);
    await vi.waitFor(() => expect(listingPreview.get().shown?.lotId).toBe(made.id), WAIT);
    expect(listingPreview.get().shown?.html).toContain('&lt;b&gt;Pallet&lt;/b&gt;');
    expect(listingPreview.get().waitingFor).toBeUndefined();
  });

  it('a preview the server refuses shows why and waits no more; offline it is not asked', async () => {
    const { h, made } = await seller();
    await requestPreview({ manifestId: made.id, templateId: 999_999, qnt: 0, free_shipping: true });
    await vi.waitFor(() => expect(h.notifier.error).toHaveBeenCalledWith(TemplateMessages.notATemplate(999_999)), WAIT);
    expect(listingPreview.get()).toEqual({ waitingFor: undefined, shown: undefined });
    h.connection.close();
    await expect(requestPreview({ manifestId: made.id, templateId: 1, qnt: 0, free_shipping: true })).rejects.toThrow(ListingManagerMessages.previewOffline);
  });

  it('a template made a moment ago on this device is previewed by the id the server gives it', async () => {
    const { h, made } = await seller();
    const { tempId } = await h.sync.enqueue(createNote.build({ label: `template_fresh_${h.user}`, data: '<p>{{lotNumber}}</p>' }));
    expect(tempId).toBeLessThan(0);
    await requestPreview({ manifestId: made.id, templateId: tempId ?? 0, qnt: 0, free_shipping: true });
    await vi.waitFor(() => expect(listingPreview.get().shown?.html).toContain(made.lotNumber), WAIT);
  });
});
