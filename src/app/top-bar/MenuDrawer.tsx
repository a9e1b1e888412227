// The phone's menu (issue 13: the top bar is at most ~64 px below 640 px): a button in the bar opens a drawer,
// titled Menu, with the greeting and the navigation. Esc, the backdrop or a followed link closes it, and focus
// goes back to the menu button (Radix).
import { useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { Greeting } from './Greeting';
import { MENU_TITLE, MenuButton } from './MenuButton';
import { NavLinks } from './NavLinks';

export function MenuDrawer({ onLogout }: { onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <MenuButton aria-expanded={open} onClick={() => setOpen(true)} />
      <Dialog open={open} onOpenChange={setOpen} title={MENU_TITLE} drawer>
        <div className="flex flex-col gap-4">
          <Greeting />
          <NavLinks layout="drawer" onLogout={onLogout} onNavigate={() => setOpen(false)} />
        </div>
      </Dialog>
    </>
  );
}
