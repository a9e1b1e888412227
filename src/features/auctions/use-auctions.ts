// The Auctions screen's state: the chosen event (followed from its temporary id to its real one), its rows kept fresh
// in sale order, the selection, and the edits not yet sent (Update sends them). Everything reads the replica: the
// same online and off.
import { useCallback, useState } from 'react';
import {
  auctionTitleFrom, catalogueCsv, catalogueFileName, titleTooLong, updateAuctionEventManifest, useAuctionEvents, useAuctionEventsQuery, useAuctionRows,
  useAuctionRowsQuery, type AuctionManifestRow,
} from '../../domains/auctions';
import { useCategories } from '../../domains/categories';
import { readLotImageLinks, useLotsImagesQuery } from '../../domains/images';
import { AuctionScreenMessages as T } from '../../protocol/messages';
import { notifier, showError } from '../../sync/feedback/notifier';
import { queueIntent } from '../../sync/intent';
import { useResolvedId } from '../../sync/live-hooks';
import { downloadCsv } from '../../ui/csv';
import { useRowSelection } from '../../ui/table';

/** A row's edits waiting for Update. */
export interface RowDraft {
  readonly auctionTitle?: string;
  readonly startingPrice?: number;
}

export type Drafts = ReadonlyMap<number, RowDraft>;

/** What a row shows: the replica's value, or the edit waiting for Update. */
export const shownTitle = (row: AuctionManifestRow, drafts: Drafts): string => drafts.get(row.id)?.auctionTitle ?? row.auctionTitle ?? '';
export const shownPrice = (row: AuctionManifestRow, drafts: Drafts): number | null => drafts.get(row.id)?.startingPrice ?? row.startingPrice;

export function useAuctions() {
  useAuctionEventsQuery();
  const events = useAuctionEvents();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const eventId = useResolvedId(chosen);
  const event = events.find((each) => each.id === eventId);
  useAuctionRowsQuery(eventId);
  const rows = useAuctionRows(eventId);
  const { selected, select, replace } = useRowSelection(rows);
  // The catalogue export lists each lot's images: kept in the replica while the event shows, so it works offline.
  useLotsImagesQuery(rows.map((row) => row.manifest.id));
  const { byId: categoriesById } = useCategories();
  const [drafts, setDrafts] = useState<Drafts>(() => new Map());
  const choose = useCallback((id: number | undefined) => {
    setChosen(id);
    replace([]);
    setDrafts(new Map());
  }, [replace]);
  const edit = useCallback((id: number, change: RowDraft) => setDrafts((current) => new Map(current).set(id, { ...current.get(id), ...change })), []);

  /** Update: one queued change per edited row; the drafts go (the replica shows the pending values). */
  const update = useCallback(() => {
    const changed = rows.filter((row) => drafts.has(row.id));
    if (changed.length === 0) return notifier.info(T.noChanges);
    for (const row of changed) {
      void queueIntent(updateAuctionEventManifest, { id: row.id, auctionTitle: shownTitle(row, drafts), startingPrice: shownPrice(row, drafts) }).catch(showError);
    }
    setDrafts(new Map());
  }, [rows, drafts]);

  /** Create Title for the selected rows, from each lot's title; warns for a title past the limit. */
  const createTitles = useCallback(() => {
    const chosenRows = rows.filter((row) => selected.has(row.id));
    if (chosenRows.length === 0) return notifier.warning(T.noRowsSelected);
    for (const row of chosenRows) {
      const title = auctionTitleFrom(row.manifest.titleListing);
      edit(row.id, { auctionTitle: title });
      if (titleTooLong(title)) notifier.warning(T.titleTooLong(row.manifest.lotNumber, title.length));
    }
  }, [rows, selected, edit]);

  /** Export CSV: the catalogue in sale order, as the replica holds it (offline too). */
  const exportCatalogue = useCallback(async () => {
    try {
      const links = await readLotImageLinks(rows.map((row) => row.manifest.id));
      const text = catalogueCsv(rows, {
        categoryName: (id) => categoriesById.get(id)?.name,
        imageUrls: (lotId) => (links.get(lotId) ?? []).map((link) => new URL(link, window.location.origin).href),
      });
      downloadCsv(catalogueFileName(eventId ?? 0), text);
      notifier.success(T.catalogueExported(rows.length));
    } catch (error) {
      showError(error);
    }
  }, [rows, categoriesById, eventId]);

  return { events, eventId, event, choose, rows, selected, select, drafts, edit, update, createTitles, exportCatalogue };
}
