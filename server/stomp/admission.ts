// The endpoint's headcount: open sockets (overall and per remote address) and signed-in sessions per principal,
// against their caps. Counting only: it never closes anything; a refusal comes back as the ERROR message to send,
// naming the limit, and the caller closes.
import { ServerMessages } from '../../src/protocol/messages';
import type { StompLimits } from './types';

/** The names the refusals give each cap (what the person reading the ERROR can tell an administrator). */
export const LimitName = {
  sockets: 'open connections',
  socketsPerAddress: 'open connections from one address',
  sessionsPerUser: 'sessions per user',
  subscriptionsPerSession: 'subscriptions per session',
} as const;

export type AdmissionLimits = Pick<StompLimits, 'maxSockets' | 'maxSocketsPerAddress' | 'maxSessionsPerUser'>;

export class Admission {
  private sockets = 0;
  private readonly byAddress = new Map<string, number>();
  private readonly byPrincipal = new Map<string, number>();

  constructor(private readonly limits: AdmissionLimits) {}

  /** Counts a new socket from `address`; or, counting nothing, the refusal. */
  openSocket(address: string): string | undefined {
    const { maxSockets, maxSocketsPerAddress } = this.limits;
    if (this.sockets >= maxSockets) return ServerMessages.limitReached(LimitName.sockets, maxSockets);
    if ((this.byAddress.get(address) ?? 0) >= maxSocketsPerAddress) {
      return ServerMessages.limitReached(LimitName.socketsPerAddress, maxSocketsPerAddress);
    }
    this.sockets += 1;
    increment(this.byAddress, address, 1);
    return undefined;
  }

  closeSocket(address: string): void {
    this.sockets -= 1;
    increment(this.byAddress, address, -1);
  }

  /** Counts a session signed in as `principal`; or, counting nothing, the refusal. */
  signIn(principal: string): string | undefined {
    const { maxSessionsPerUser } = this.limits;
    if ((this.byPrincipal.get(principal) ?? 0) >= maxSessionsPerUser) {
      return ServerMessages.limitReached(LimitName.sessionsPerUser, maxSessionsPerUser);
    }
    increment(this.byPrincipal, principal, 1);
    return undefined;
  }

  signOut(principal: string): void {
    increment(this.byPrincipal, principal, -1);
  }
}

function increment(counts: Map<string, number>, key: string, by: 1 | -1): void {
  const count = (counts.get(key) ?? 0) + by;
  if (count > 0) counts.set(key, count);
  else counts.delete(key); // no entry lingers for an address or user that has gone
}
