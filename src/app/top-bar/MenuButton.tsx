// The phone's Menu button (issue 13), apart from the drawer it opens: the top bar shows it, disabled, before the
// drawer's code (Radix Dialog, in the engine's chunk) has arrived, so the bar keeps its layout when it does.
import type { ButtonHTMLAttributes } from 'react';

export const MENU_TITLE = 'Menu';

function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function MenuButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'children'>) {
  return (
    <button
      type="button"
      aria-label={MENU_TITLE}
      aria-haspopup="dialog"
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-60"
      {...props}
    >
      <MenuIcon />
    </button>
  );
}
