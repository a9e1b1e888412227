// The engine's chunk: the replica, the outbox and the domains, loaded right after the login screen's JavaScript
// and joined to the core main.tsx started (first load, docs/operations.md). Signed-in screens wait for it
// (the auth guard awaits syncReady()).
import { domains } from '../domains';
import { pageCore } from '../sync/core';
import { startSync } from '../sync/runtime';

export function startEngine(): void {
  const core = pageCore();
  startSync(domains, core === undefined ? {} : { core });
}
