// Intent: Select Categories for the selected lots (spec §2; /app/updateManifests with the lots whose categories
// changed, and only those). The categories show at once on those lots, marked pending; UPDATED_LOTS confirms
// them, a refusal (all or nothing) rolls all back. Nothing is queued when no lot's categories change.
import { useCallback } from 'react';
import { Destination } from '../../protocol/destinations';
import type { Lot } from '../../protocol/lots';
import { CATEGORIES_MAX } from '../../protocol/lots';
import { LIST_MAX } from '../../protocol/primitives';
import { enqueue } from '../client';
import type { Intent } from '../outbox';
import { showError } from '../notifier';
import { lotEdit } from './update-manifest';

export interface UpdateManifestsInput {
  /** The selected lots, as the table holds them. */
  readonly lots: readonly Lot[];
  /** The category ids chosen in the dialog. */
  readonly categories: readonly number[];
}

const sameSet = (a: readonly number[], b: readonly number[]): boolean => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
};

/** The intent, or undefined when no lot's categories would change (nothing to send). */
export function updateManifestsIntent({ lots, categories }: UpdateManifestsInput): Intent | undefined {
  const chosen = [...new Set(categories)];
  if (chosen.length > CATEGORIES_MAX) throw new Error(`At most ${CATEGORIES_MAX} categories per lot`);
  const changed = lots.filter((lot) => !sameSet(lot.categories, chosen));
  const [first, ...rest] = changed;
  if (first === undefined) return undefined;
  if (changed.length > LIST_MAX) throw new Error(`At most ${LIST_MAX} lots at a time`);
  return {
    destination: Destination.updateManifests,
    body: changed.map((lot) => lotEdit({ ...lot, categories: chosen })),
    optimistic: { kind: 'patch', table: 'lots', id: first.id, ids: rest.map((lot) => lot.id), patch: { categories: chosen } },
  };
}

/** Queues the change; resolves with how many lots it sends (0: nothing changed, nothing queued). */
export async function updateManifests(input: UpdateManifestsInput): Promise<number> {
  const intent = updateManifestsIntent(input);
  if (intent === undefined) return 0;
  await enqueue(intent);
  return Array.isArray(intent.body) ? intent.body.length : 0;
}

/** For the screen (the category dialog's Update). */
export function useUpdateManifests(): (lots: readonly Lot[], categories: readonly number[]) => void {
  return useCallback((lots: readonly Lot[], categories: readonly number[]) => {
    updateManifests({ lots, categories }).catch(showError);
  }, []);
}
