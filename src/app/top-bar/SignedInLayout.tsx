// How the signed-in part of the top bar is laid out (spec §1, issue 13): from 640 px the navigation and the greeting
// in the bar, on a phone the Menu button. The top bar shows it at once, with Logout and Menu disabled, while the
// engine's chunk (which Logout and the drawer need) is on its way: the bar has its final height from the first
// frame, so nothing below it moves when the engine arrives under a finger about to tap.
import type { ReactNode } from 'react';
import { Greeting } from './Greeting';
import { MenuButton } from './MenuButton';
import { NavLinks } from './NavLinks';

export function SignedInLayout({ onLogout, menu }: { onLogout?: () => void; menu?: ReactNode }) {
  return (
    <>
      <div className="hidden min-w-0 items-center gap-2 sm:flex">
        <NavLinks layout="bar" onLogout={onLogout} />
        <Greeting className="shrink-0" tight />
      </div>
      <div className="sm:hidden">{menu ?? <MenuButton disabled />}</div>
    </>
  );
}
