// The Lots search offline (spec §2, §9): the replica gives the suggestions getLotSuggestions would, by the
// server's rule (docs/protocol.md): above 2 characters, number or title, prefix first, then contains.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { lotsTable, matchLots, searchReplicaLots } from '../../../src/domains/lots';
import { LOT_SUGGESTIONS_MAX } from '../../../src/protocol/lots';
import { makeLot } from '../../support/factories';
import { freshReplica } from './support/sync-harness';

const titles = (lots: readonly { titleListing: string }[]) => lots.map((lot) => lot.titleListing);

describe('lots search from the replica', () => {
  it('suggests nothing at 2 characters or fewer, spaces not counted', () => {
    const lots = [makeLot(1, 'Kettles')];
    expect(matchLots(lots, 'Ke')).toEqual([]);
    expect(matchLots(lots, '  Ke  ')).toEqual([]);
    expect(titles(matchLots(lots, 'Ket'))).toEqual(['Kettles']);
  });

  it('puts lots whose number or title starts with the text first, then those containing it, each by lot number', () => {
    const lots = [
      makeLot(5, 'Blue kettles'), // contains
      makeLot(3, 'Kettle pallet'), // prefix
      makeLot(9, 'Kettles, mixed'), // prefix
      makeLot(2, 'Toasters'), // neither
      makeLot(1, 'Old kettle'), // contains
    ];
    expect(titles(matchLots(lots, 'kettle'))).toEqual(['Kettle pallet', 'Kettles, mixed', 'Old kettle', 'Blue kettles']);
  });

  it('matches the lot number, ignoring case', () => {
    const lots = [makeLot(12, 'First'), makeLot(120, 'Second'), makeLot(7, 'Third')];
    expect(titles(matchLots(lots, 'lot-000012'))).toEqual(['First']);
    expect(titles(matchLots(lots, '0012'))).toEqual(['First', 'Second']);
  });

  it(`stops at LOT_SUGGESTIONS_MAX (${LOT_SUGGESTIONS_MAX}), prefix matches kept first`, () => {
    const lots = Array.from({ length: 30 }, (_, i) => makeLot(i + 1, i % 2 === 0 ? `Mixed pallet ${i}` : `Pallet ${i}`));
    const found = matchLots(lots, 'pallet');
    expect(found).toHaveLength(LOT_SUGGESTIONS_MAX);
    expect(found.slice(0, 15).every((lot) => lot.titleListing.startsWith('Pallet'))).toBe(true);
  });

  it('reads the replica, leaving out lots a pending delete removed', async () => {
    const db = freshReplica();
    await db.rows(lotsTable).bulkPut([makeLot(1, 'Speaker lot'), { ...makeLot(2, 'Speaker returns'), pending: 1, removed: 1 }, makeLot(3, 'Tools')]);
    expect(titles(await searchReplicaLots(db, 'speaker'))).toEqual(['Speaker lot']);
    expect(await searchReplicaLots(db, 'sp')).toEqual([]);
  });
});
