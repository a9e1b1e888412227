// The server's side of an inventory count, as the browser tests of every engine check it.
import type { InventoryEvent, ManifestHistoryEntry } from '../../src/protocol/entities';
import { okData } from './lot-replies';
import type { TestClient } from './stomp-client';

/** The server's history of the one event named `label`. */
export async function historyOnServer(client: TestClient, label: string): Promise<ManifestHistoryEntry[]> {
  const events = okData(await client.request('getInventoryEvents', { id: 0 }, 'incomingMessages')) as InventoryEvent[];
  const named = events.filter((each) => each.label === label);
  if (named.length !== 1) throw new Error(`${named.length} inventory events are named '${label}', not one`);
  return okData(await client.request('getManifestHistory', { inventoryEventId: named[0]?.id, manifestId: 0 }, 'incomingMessages')) as ManifestHistoryEntry[];
}
