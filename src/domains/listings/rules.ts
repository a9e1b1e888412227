// The Listing Manager's rules (spec §2 Listing Manager, §5 listing / preview / calculate): which actions show for the
// selected lots, and the message when an action cannot go. Pure.
import { LotStatus, type Lot } from '../../protocol/lots';
import { ClientMessages, ListingManagerMessages } from '../../protocol/messages';

type Listed = Pick<Lot, 'status'>;

/** Statuses of a lot that is on the store (spec §2: Unlist and the public link show for these). */
const ON_STORE: ReadonlySet<string> = new Set([LotStatus.LISTED, LotStatus.SHIPPED, LotStatus.SOLD]);
export const isOnStore = (lot: Listed): boolean => ON_STORE.has(lot.status);

/** List shows when several lots are selected or the single one is NOT_LISTED (and with none, to say why not). */
export const showsList = (lots: readonly Listed[]): boolean => lots.length !== 1 || lots[0]?.status === LotStatus.NOT_LISTED;
/** Unlist and the public link show with exactly one lot on the store. */
export const showsUnlist = (lots: readonly Listed[]): boolean => lots.length === 1 && lots[0] !== undefined && isOnStore(lots[0]);
/** Create Preview shows only with exactly one lot. */
export const showsPreview = (lots: readonly Listed[]): boolean => lots.length === 1;

/** Why List cannot go, or undefined: a lot and a template. */
export function listProblem(lotCount: number, templateId: number | undefined): string | undefined {
  if (lotCount === 0) return ClientMessages.selectLotFirst;
  if (templateId === undefined) return ListingManagerMessages.selectTemplateFirst;
  return undefined;
}

/** Why the auction listing manager's List cannot go: a row (in the auctions' own words, spec §5) and a template. */
export function auctionListProblem(rowCount: number, templateId: number | undefined): string | undefined {
  return rowCount === 0 ? ListingManagerMessages.selectAtLeastOneLotToList : listProblem(rowCount, templateId);
}

/** Why Create Preview cannot go: exactly one lot, and a template. */
export function previewProblem(lotCount: number, templateId: number | undefined): string | undefined {
  if (lotCount === 0) return ClientMessages.selectLotFirst;
  if (lotCount > 1) return ListingManagerMessages.onlyOneLotForPreview;
  if (templateId === undefined) return ListingManagerMessages.selectTemplateFirst;
  return undefined;
}

/** Why Unlist (the Listing Manager's) cannot go: exactly one lot. */
export function unlistProblem(lotCount: number): string | undefined {
  if (lotCount === 0) return ClientMessages.selectLotFirst;
  return lotCount > 1 ? ListingManagerMessages.onlyOneLotToUnlist : undefined;
}

/** Why Calculate cannot go: a selection. */
export const calculateProblem = (lotCount: number): string | undefined => (lotCount === 0 ? ListingManagerMessages.noLotsToPrice : undefined);

/** The lot's public listing page on this server's store (spec §2, issue 15: `/store/{slug}`). */
export const publicListingPath = (slug: string): string => `/store/${encodeURIComponent(slug)}`;
