// The navigation entries of spec §1 (Lots, Data Entry, Image Entry, Inventory, Auctions; Devices for admins, issue 30;
// then Logout), one list for both places it shows: inline in the top bar from 640 px, and in the menu drawer on a phone.
import { Link } from '@tanstack/react-router';
import { DeviceMessages } from '../../protocol/messages';
import { useSession } from '../../sync/hooks';

const NAV = [
  { to: '/home', label: 'Lots' },
  { to: '/dataentry', label: 'Data Entry' },
  { to: '/imageentry', label: 'Image Entry' },
  { to: '/inventory', label: 'Inventory' },
  { to: '/auctions', label: 'Auctions' },
] as const;
/** Issue 30: setting up tablets and phones is the admins' (the server answers no one else). */
const ADMIN_NAV = [{ to: '/devices', label: DeviceMessages.title }] as const;

const ITEM = 'inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md px-3 text-base focus-visible:outline-2';
const LOOK = {
  // Below 1280 px the entries are tighter (smaller on a tablet), so the bar stays one row on a 768 px tablet and a
  // 1024 px desk with an admin's Devices entry too; each stays a 44 px target.
  bar: {
    item: `${ITEM} text-slate-100 hover:bg-slate-700 focus-visible:outline-white sm:max-lg:px-1 lg:max-xl:px-1.5 sm:max-lg:text-sm`,
    active: 'bg-slate-900 font-semibold',
  },
  drawer: { item: `${ITEM} w-full text-slate-900 hover:bg-slate-100 focus-visible:outline-blue-600`, active: 'bg-slate-200 font-semibold' },
} as const;

export interface NavLinksProps {
  /** 'bar': a row in the top bar; 'drawer': a column in the phone's menu. */
  readonly layout: 'bar' | 'drawer';
  /** Undefined until the engine can tell whether changes wait (use-logout.ts): Logout shows, disabled. */
  readonly onLogout: (() => void) | undefined;
  /** A link was followed (the drawer closes). */
  readonly onNavigate?: () => void;
}

export function NavLinks({ layout, onLogout, onNavigate }: NavLinksProps) {
  const { item, active } = LOOK[layout];
  const { isAdmin } = useSession();
  return (
    <nav aria-label="Main" className={layout === 'bar' ? 'flex items-center gap-0.5 lg:gap-1' : 'flex flex-col gap-1'}>
      {[...NAV, ...(isAdmin ? ADMIN_NAV : [])].map((entry) => (
        <Link key={entry.to} to={entry.to} className={item} activeProps={{ className: active }} onClick={onNavigate}>
          {entry.label}
        </Link>
      ))}
      <button type="button" onClick={onLogout} disabled={onLogout === undefined} className={`${item} disabled:opacity-60`}>
        Logout
      </button>
    </nav>
  );
}
