// The lot's summary on Lot edit (spec §2): lot number, id, title, status, and when listed a link to the public
// listing and an Unlist action; actions edit title, select categories, images (the full-screen image manager) and the listing
// panel (the Listing Manager for this lot, given by the page); a (+)
// toggle for the details, remembered on this device: categories, pallets, cartons, units, retail total,
// listing total, status, and the special notes' first 10 characters with more/less.
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { LabelMessages } from '../../protocol/messages';
import type { Category } from '../../protocol/entities';
import type { Lot } from '../../protocol/lots';
import { isOnStore, publicListingPath } from '../../domains/listings';
import { z } from 'zod';
import { sync } from '../../sync/runtime';
import { defineSetting } from '../../sync/session/settings';
import { buttonClass } from '../../ui/button';
import { categoriesText } from '../../ui/lot-display';
import { formatNumber } from '../../ui/table';

/** Spec §2 Lot edit: the (+) details toggle, remembered locally. */
const LOT_DETAILS_OPEN = defineSetting('lotDetailsOpen', z.boolean());

/** Spec §2: special notes show their first 10 characters until 'more'. */
export const NOTES_PREVIEW_CHARS = 10;

export interface LotSummaryProps {
  readonly lot: Lot;
  readonly pending: boolean;
  readonly categoriesById: ReadonlyMap<number, Category>;
  readonly onEditTitle: () => void;
  readonly onSelectCategories: () => void;
  readonly onImages: () => void;
  /** The listing panel; without it (no Listing Manager on this page) the button is disabled. */
  readonly onListing?: () => void;
  readonly onUnlist: () => void;
}

function Notes({ text }: { text: string }) {
  const [more, setMore] = useState(false);
  if (text.length <= NOTES_PREVIEW_CHARS) return <>{text}</>;
  return (
    <>
      {more ? text : `${text.slice(0, NOTES_PREVIEW_CHARS)}…`}{' '}
      <button type="button" className="min-h-11 px-2 font-medium text-blue-800 underline" onClick={() => setMore(!more)}>
        {more ? 'less' : 'more'}
      </button>
    </>
  );
}

function Details({ lot, categoriesById }: { lot: Lot; categoriesById: ReadonlyMap<number, Category> }) {
  const rows: Array<[string, ReactNode]> = [
    ['Categories', categoriesText(lot.categories, categoriesById) || '—'],
    ['Pallets', lot.numberOfPallets],
    ['Cartons', lot.numberOfCartons],
    ['Units', lot.numberOfUnits],
    ['Retail total', formatNumber(lot.totalOriginalRetail)],
    ['Listing total', formatNumber(lot.totalListingPrice)],
    ['Status', lot.status],
    ['Special notes', <Notes key="notes" text={lot.specialNotes ?? ''} />],
  ];
  return (
    <dl id="lot-details" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-white p-3">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LotSummary({ lot, pending, categoriesById, onEditTitle, onSelectCategories, onImages, onListing, onUnlist }: LotSummaryProps) {
  const [open, setOpen] = useState(() => sync().settings.get(LOT_DETAILS_OPEN) ?? false);
  const toggle = (): void => {
    setOpen(!open);
    try {
      sync().settings.set(LOT_DETAILS_OPEN, !open);
    } catch {
      // A full storage: the toggle still works for this visit.
    }
  };
  return (
    <section aria-label="Lot" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 className="text-2xl font-semibold">{lot.lotNumber || 'New lot'}</h1>
        <span className="text-slate-600">{`id ${lot.id}`}</span>
        <span className="rounded bg-slate-200 px-2 text-sm font-semibold">{lot.status}</span>
        {pending && <span className="rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950">Pending</span>}
      </div>
      <p className="text-lg">{lot.titleListing}</p>
      {isOnStore(lot) && lot.slug !== null && (
        <a className="inline-flex min-h-11 items-center font-medium text-blue-800 underline" href={publicListingPath(lot.slug)} target="_blank" rel="noreferrer">
          Public listing
        </a>
      )}
      <div role="toolbar" aria-label="Lot actions" className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass.secondary} onClick={onEditTitle}>
          Edit Title
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onSelectCategories}>
          Select Categories
        </button>
        <button type="button" className={buttonClass.secondary} aria-haspopup="dialog" onClick={onImages}>
          Images
        </button>
        <button type="button" className={buttonClass.secondary} aria-haspopup="dialog" disabled={onListing === undefined} onClick={onListing}>
          Listing
        </button>
        {isOnStore(lot) && (
          <button type="button" className={buttonClass.danger} onClick={onUnlist}>
            Unlist
          </button>
        )}
        <Link to="/labels" search={{ lots: String(lot.id) }} className={buttonClass.secondary}>
          {LabelMessages.printLabel}
        </Link>
        <button type="button" className={buttonClass.secondary} aria-expanded={open} aria-controls="lot-details" onClick={toggle} aria-label="Details">
          {open ? '(−)' : '(+)'}
        </button>
      </div>
      {open && <Details lot={lot} categoriesById={categoriesById} />}
    </section>
  );
}
