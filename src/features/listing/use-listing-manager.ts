// What the Listing Manager's controls do (spec §2 Listing Manager, §5 listing / preview / calculate rules, §9):
// the form (template, quantity and multipliers remembered on this device), Calculate (one setPricesForLot per
// lot), Create Preview (one lot: the HTML viewer), List (the listing queue) and Unlist (one lot on the store). Given
// the lots' auction rows (the Auctions screen's manager), List queues the rows instead (listAuctionOnWC).
import { useState, useSyncExternalStore } from 'react';
import {
  auctionListProblem, calculateProblem, listingPreview, listProblem, previewProblem, requestPreview, restorePriceRequest, restoreQuantity, savePriceRequest, saveQuantity,
  setPrices, unlistProblem,
} from '../../domains/listings';
import { ListingManagerMessages } from '../../protocol/messages';
import { notifier, showError } from '../../sync/feedback/notifier';
import { queueIntent } from '../../sync/intent';
import { useResolvedId } from '../../sync/live-hooks';
import { sync } from '../../sync/runtime';
import { startAuctionListing, startListing, startUnlisting, type AuctionRows, type ListingChoice, type QueuedLot } from './listing-queue';
import { priceForm, readNumber, readPriceForm, type PriceForm } from './price-form';

export interface ListingManagerState {
  readonly templateId: number | undefined;
  readonly setTemplateId: (id: number | undefined) => void;
  readonly quantity: string;
  readonly setQuantity: (quantity: string) => void;
  readonly form: PriceForm;
  readonly setForm: (form: PriceForm) => void;
  /** The lot whose preview is awaited. */
  readonly previewing: number | undefined;
  readonly calculate: () => void;
  readonly preview: () => void;
  /** List / Unlist start a queue; true when one started (the manager then closes for its progress dialog). */
  readonly list: () => boolean;
  readonly unlist: () => boolean;
}

/** Runs `work`, or shows why it cannot (an input the contract refuses, no connection): false then. */
function attempt(work: () => void): boolean {
  try {
    work();
    return true;
  } catch (error) {
    showError(error);
    return false;
  }
}

/** The §5 rule first: its message as a warning, and nothing sent. */
function allowed(problem: string | undefined): boolean {
  if (problem !== undefined) notifier.warning(problem);
  return problem === undefined;
}

/**
 * List (spec §4, §5): the rule's message when it cannot go (a lot: 'Please select a lot first' on the lots page,
 * 'Please select at least one lot to list' for auction rows; a template), else the lots' queue, or given their auction
 * rows the rows' queue. `choice` reads the form (it throws on a quantity that is no count). True when a queue started.
 */
export function listChosen(
  lots: readonly QueuedLot[], auctionRows: AuctionRows | undefined, templateId: number | undefined, choice: (templateId: number) => ListingChoice,
): boolean {
  const problem = auctionRows === undefined ? listProblem(lots.length, templateId) : auctionListProblem(lots.length, templateId);
  if (!allowed(problem) || templateId === undefined) return false;
  return attempt(() => {
    const chosen = choice(templateId);
    const started = auctionRows === undefined ? startListing(lots, chosen) : startAuctionListing(lots, auctionRows, chosen);
    void started.catch(showError);
  });
}

export function useListingManager(lots: readonly QueuedLot[], auctionRows?: AuctionRows): ListingManagerState {
  const [chosenTemplate, setTemplateId] = useState<number | undefined>(undefined);
  // A template made on this device a moment ago has a temporary id until the server names it: follow it.
  const templateId = useResolvedId(chosenTemplate);
  const [quantity, setQuantityText] = useState(() => String(restoreQuantity(sync().settings)));
  const [form, setFormState] = useState(() => priceForm(restorePriceRequest(sync().settings)));
  const { waitingFor } = useSyncExternalStore(listingPreview.subscribe, listingPreview.get);

  const setForm = (next: PriceForm): void => {
    setFormState(next);
    // Remembered as soon as it reads (spec §9: restored next visit); a half-typed number waits.
    try {
      savePriceRequest(sync().settings, readPriceForm(next, -1));
    } catch {
      // Not a number yet.
    }
  };
  const setQuantity = (next: string): void => {
    setQuantityText(next);
    const number = Number(next);
    if (next.trim() !== '' && Number.isInteger(number) && number >= 0) saveQuantity(sync().settings, number);
  };
  const listingChoice = (template: number): ListingChoice => ({
    templateId: template, qnt: readNumber(ListingManagerMessages.quantity, quantity), free_shipping: form.freeShipping,
  });
  const [only] = lots;

  return {
    templateId, setTemplateId, quantity, setQuantity, form, setForm, previewing: waitingFor,
    calculate() {
      if (!allowed(calculateProblem(lots.length))) return;
      void attempt(() => {
        const requests = lots.map((lot) => readPriceForm(form, lot.id));
        // Each lot's UPDATED_LOT reply says the server's words; offline they wait in the outbox.
        for (const request of requests) void queueIntent(setPrices, request).catch(showError);
      });
    },
    preview() {
      if (!allowed(previewProblem(lots.length, templateId)) || only === undefined || templateId === undefined) return;
      void attempt(() => void requestPreview({ manifestId: only.id, ...listingChoice(templateId) }).catch(showError));
    },
    list: () => listChosen(lots, auctionRows, templateId, listingChoice),
    unlist() {
      if (!allowed(unlistProblem(lots.length))) return false;
      return attempt(() => void startUnlisting(lots).catch(showError));
    },
  };
}
