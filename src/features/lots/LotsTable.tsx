// The Lots table (spec §2 Lots list), minimal for now: lot number, status, title with Rename, and the edit
// link to /lotedit/{id}. Rows whose changes the server has not confirmed yet are marked Pending (in words,
// not colour alone); a lot made offline has no number and no edit page until the server creates it.
import { Link } from '@tanstack/react-router';
import type { LotRow } from '../../sync/replica';
import { buttonClass } from '../../ui/button';

const CELL = 'px-2 py-1 align-middle sm:px-3';
const LINK =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 font-medium text-blue-800 underline ' +
  'hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600';

function LotNumber({ lot }: { lot: LotRow }) {
  return (
    <span className="flex flex-col items-start gap-0.5">
      {lot.id < 0 ? <span className="italic text-slate-600">New lot</span> : <span className="whitespace-nowrap font-mono">{lot.lotNumber}</span>}
      {lot.pending === 1 && (
        <span className="rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950" title="Not yet confirmed by the server">
          Pending
        </span>
      )}
    </span>
  );
}

function LotLine({ lot, onRename }: { lot: LotRow; onRename: (lot: LotRow) => void }) {
  const name = lot.id < 0 ? 'new lot' : lot.lotNumber;
  return (
    <tr data-testid="lot-row" className={`border-t border-slate-200 ${lot.pending === 1 ? 'bg-amber-50' : ''}`}>
      <td className={CELL}>
        <LotNumber lot={lot} />
      </td>
      <td className={`${CELL} text-xs sm:text-sm`}>{lot.status}</td>
      <td className={`${CELL} w-full`}>
        <div className="flex flex-wrap items-center justify-between gap-x-2">
          <span className="min-w-0 break-words">{lot.titleListing}</span>
          <button type="button" className={`${buttonClass.secondary} px-3`} onClick={() => onRename(lot)} aria-label={`Rename ${name}`}>
            Rename
          </button>
        </div>
      </td>
      <td className={CELL}>
        {lot.id < 0 ? (
          <span className="text-slate-500" title="The edit page opens once the server has created the lot">
            Edit
          </span>
        ) : (
          <Link to="/lotedit/$lotId" params={{ lotId: String(lot.id) }} className={LINK} aria-label={`Edit ${name}`}>
            Edit
          </Link>
        )}
      </td>
    </tr>
  );
}

export function LotsTable({ lots, onRename }: { lots: readonly LotRow[]; onRename: (lot: LotRow) => void }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm sm:text-base">
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className={CELL}>Lot #</th>
            <th scope="col" className={CELL}>Status</th>
            <th scope="col" className={CELL}>Title</th>
            <th scope="col" className={CELL}>
              <span className="sr-only">Edit</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lots.map((lot) => (
            <LotLine key={lot.id} lot={lot} onRename={onRename} />
          ))}
          {lots.length === 0 && (
            <tr>
              <td colSpan={4} className="px-3 py-6 text-center text-slate-600">
                No lots to show.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
