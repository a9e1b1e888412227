// The Lots search offline (spec §2, §9): the replica gives the suggestions getLotSuggestions would, by the
// server's rule (docs/protocol.md): above 2 characters, number or title, prefix first, then contains.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { asLotNumber, lotsTable, matchLots, searchReplicaLots } from '../../../src/domains/lots';
import { lotWithNumber } from '../../../src/domains/lots/search';
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

describe('lot numbers as people type them (issue 31)', () => {
  it.each([
    ['7', 'LOT-000007'], ['000007', 'LOT-000007'], ['lot-7', 'LOT-000007'], ['LOT 7', 'LOT-000007'], ['Lot7', 'LOT-000007'],
    [' lot-000007 ', 'LOT-000007'], ['1234567', 'LOT-1234567'], ['0', 'LOT-000000'],
  ])('reads %j as %s in the format of the lot numbers held (LOT-000042)', (typed, meant) => {
    expect(asLotNumber(typed, 'LOT-000042')).toBe(meant);
  });

  it('follows the server\'s own prefix and width (LOT_PREFIX)', () => {
    expect(asLotNumber('a_12', 'A_0009')).toBe('A_0012');
    expect(asLotNumber('inv 3', 'INV-00100')).toBe('INV-00003');
  });

  it.each(['box-7', 'LOT-7X', 'seven', '', '7-LOT'])('reads %j as no lot number of that format', (typed) => {
    expect(asLotNumber(typed, 'LOT-000042')).toBeUndefined();
  });

  it('finds the lot on the device whichever way it is typed; with no lot held, only as typed or upper-cased', async () => {
    const db = freshReplica();
    expect(await lotWithNumber(db, '7')).toBeUndefined();
    await db.rows(lotsTable).bulkPut([makeLot(7, 'Kettles'), makeLot(42, 'Speakers')]);
    for (const typed of ['lot-7', '7', '000007', 'LOT-000007', 'lot-000007']) expect((await lotWithNumber(db, typed))?.titleListing).toBe('Kettles');
    expect(await lotWithNumber(db, '8')).toBeUndefined();
  });
});
