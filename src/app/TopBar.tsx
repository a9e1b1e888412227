// The top bar (spec §1): brand with version 1.0, status badge (with Offline, queued changes and the outbox
// panel), spinner while a submit runs, and for a signed-in user the greeting (user name, Admin or User) and
// the navigation. Wraps to two rows on phones.
import { Link, useNavigate } from '@tanstack/react-router';
import { useSession, useStatus } from '../sync/hooks';
import { core } from '../sync/core';
import { Spinner } from '../ui/Spinner';
import { SyncStatusSlot } from './SyncStatusSlot';

export const APP_VERSION = '1.0'; // spec §1: the brand text shows version 1.0

const NAV = [
  { to: '/home', label: 'Lots' },
  { to: '/dataentry', label: 'Data Entry' },
  { to: '/imageentry', label: 'Image Entry' },
  { to: '/inventory', label: 'Inventory' },
  { to: '/auctions', label: 'Auctions' },
] as const;

const NAV_ITEM =
  'inline-flex min-h-11 shrink-0 items-center rounded-md px-3 text-base text-slate-100 hover:bg-slate-700 ' +
  'focus-visible:outline-2 focus-visible:outline-white';

export function TopBar() {
  const { token, username, isAdmin } = useSession();
  const { message, submitting } = useStatus();
  const navigate = useNavigate();

  const logout = (): void => {
    core().session.logout();
    void navigate({ to: '/login' });
  };

  return (
    <header className="bg-slate-800 text-white">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2">
        <span className="text-lg font-semibold">{`LotDesk v${APP_VERSION}`}</span>
        <SyncStatusSlot message={message} />
        {submitting && <Spinner label="Working" className="text-white" />}
        {token !== undefined && (
          <span className="ml-auto text-sm" data-testid="greeting">
            Hello, <strong>{username}</strong> <span className="rounded bg-slate-600 px-2 py-0.5">{isAdmin ? 'Admin' : 'User'}</span>
          </span>
        )}
      </div>
      {token !== undefined && (
        <nav aria-label="Main" className="flex flex-wrap gap-1 px-2 pb-2">
          {NAV.map((item) => (
            <Link key={item.to} to={item.to} className={NAV_ITEM} activeProps={{ className: 'bg-slate-900 font-semibold' }}>
              {item.label}
            </Link>
          ))}
          <button type="button" onClick={logout} className={`${NAV_ITEM} ml-auto`}>
            Logout
          </button>
        </nav>
      )}
    </header>
  );
}
