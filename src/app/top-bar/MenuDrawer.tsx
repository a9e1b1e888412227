// The phone's menu (issue 13: the top bar is at most ~64 px below 640 px): a button in the bar opens a drawer,
// titled Menu, with the greeting and the navigation. Esc, the backdrop or a followed link closes it, and focus
// goes back to the menu button (Radix).
import { useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { Greeting } from './Greeting';
import { NavLinks } from './NavLinks';

export const MENU_TITLE = 'Menu';

function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function MenuDrawer({ onLogout }: { onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={MENU_TITLE}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-white"
      >
        <MenuIcon />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={MENU_TITLE} drawer>
        <div className="flex flex-col gap-4">
          <Greeting />
          <NavLinks layout="drawer" onLogout={onLogout} onNavigate={() => setOpen(false)} />
        </div>
      </Dialog>
    </>
  );
}
