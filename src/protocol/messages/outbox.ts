// The outbox as a person reads it (DESIGN §4, issue 31): the top bar's badge and the outbox panel tell one state.
// Offline, changes wait ("Offline — 8 changes waiting"), never "being sent"; back online they are sent ("Sending 8
// changes…"), and then the status says Ready.

const changes = (count: number) => (count === 1 ? '1 change' : `${count} changes`);

export const OutboxMessages = {
  title: 'Outbox',
  /** The badge's pills. */
  offline: 'Offline',
  waitingPill: (count: number) => `${count} waiting`,
  sendingPill: (count: number) => `Sending ${count}…`,
  failedPill: (count: number) => `${count} failed`,
  /** The panel's first line. */
  state: (count: number, offline: boolean): string => {
    if (offline) return count === 0 ? 'Offline — nothing is waiting to be sent.' : `Offline — ${changes(count)} waiting. They are sent when the connection is back.`;
    return count === 0 ? 'Nothing is waiting to be sent.' : `Sending ${changes(count)}…`;
  },
  waitingHeading: 'Waiting to be sent',
  /** Beside the change in flight (online only: offline nothing is being sent). */
  sending: '(sending…)',
  willRetry: (error: string) => `Will retry: ${error}`,
  more: (count: number) => `…and ${count} more.`,
  refusedHeading: (count: number) => `Refused by the server (${count})`,
  retry: 'Retry',
  discard: 'Discard',
} as const;
