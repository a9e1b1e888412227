// The Inventory screen's state: the chosen event (followed from its temporary id to its real one), its history kept
// fresh, the location (spec §9 default 1,1,1,1,1; kept until changed), the selection, the recent scans (each with its
// own answer, issue 31), and the count of the location. Everything reads the replica: the same online and off.
import { useCallback, useMemo, useState } from 'react';
import {
  useHistory, useHistoryQuery, useInventoryEvents, useInventoryEventsQuery, useLocationCount, useLotsByNumber, scanLog, useScanLog, type LoggedScan,
} from '../../domains/inventory';
import { useResolvedId } from '../../sync/live-hooks';
import type { Location } from '../../ui/location';
import { useRowSelection } from '../../ui/table';
import { scanLot, signalOutcome } from './inventory-actions';

/** Spec §9: the inventory location defaults to zone 1, aisle 1, column 1, row 1, bin 1. */
export const DEFAULT_LOCATION: Location = { zone: 1, aisle: 1, column: 1, row: 1, bin: 1 };

export function useInventory() {
  useInventoryEventsQuery();
  const events = useInventoryEvents();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const eventId = useResolvedId(chosen);
  const event = events.find((each) => each.id === eventId);
  useHistoryQuery(eventId);
  const rows = useHistory(eventId);
  const lotsByNumber = useLotsByNumber(useMemo(() => rows.map((row) => row.lotNumber), [rows]));
  const [location, setLocation] = useState<Location>(DEFAULT_LOCATION);
  const count = useLocationCount(eventId, location);
  // Each scan with its own answer; a late one is heard only while its scan is still the latest.
  const scans = useScanLog(useCallback((answered: LoggedScan) => {
    if (scanLog.current()[0]?.id === answered.id) signalOutcome(answered.outcome);
  }, []));
  // Only rows still shown count as selected (a deleted or renumbered row drops out).
  const { selected, select, replace } = useRowSelection(rows);
  const choose = useCallback((id: number | undefined) => {
    setChosen(id);
    replace([]);
  }, [replace]);
  const scan = useCallback((code: string) => scanLot(eventId, code, location), [eventId, location]);

  return { events, eventId, event, choose, rows, lotsByNumber, location, setLocation, count, scans, scan, selected, select };
}
