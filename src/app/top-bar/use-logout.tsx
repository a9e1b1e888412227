// Logout (spec §4: removes the token, goes to /login), asked first when this user's changes are still waiting
// in the outbox (issue 13). The changes stay queued under the user's name (outbox entries belong to their user),
// so they are sent when that user signs in again; nobody else's session ever sends them.
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { ClientMessages } from '../../protocol/messages';
import { useOutboxSummary } from '../../sync/live-hooks';
import { sync } from '../../sync/runtime';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

export interface Logout {
  /** Logs out now, or first asks when changes are waiting. */
  readonly request: () => void;
  /** The question, rendered by the caller. */
  readonly dialog: ReactNode;
}

export function useLogout(): Logout {
  const { queued } = useOutboxSummary();
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const logout = (): void => {
    sync().session.logout();
    void navigate({ to: '/login' });
  };
  const dialog = (
    <ConfirmDialog
      open={asking}
      onOpenChange={setAsking}
      title={ClientMessages.logoutTitle}
      message={ClientMessages.changesWaiting(queued)}
      proceedLabel="Logout"
      closeLabel="Cancel"
      onProceed={logout}
    />
  );
  return { request: () => (queued > 0 ? setAsking(true) : logout()), dialog };
}
