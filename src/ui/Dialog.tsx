// The one dialog base (CONVENTIONS: dialogs are thin wrappers over it): a Radix Dialog with a backdrop, a
// title, an optional description and a body, centred, scrolling on small screens, focus kept inside and
// returned on close: to the opener, or to the element a screen names as its idle focus (DialogFocusReturn: Lot edit's
// scanner field). Transitions of spec §9: backdrop 150 ms, modal 300 ms.
import * as RadixDialog from '@radix-ui/react-dialog';
import { createContext, useContext, useRef, type ReactNode, type RefObject } from 'react';
import { buttonClass } from './button';

export interface DialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: string;
  readonly description?: ReactNode;
  readonly children: ReactNode;
  /** Wider panel for lists and text areas (category tree, text entry); still full width on a phone. */
  readonly wide?: boolean;
  /** The whole screen (spec §2: the XLS Data Entry modal, the HTML viewer). */
  readonly fullScreen?: boolean;
  /** A panel along the right edge, full height (the top bar's menu on a phone). */
  readonly drawer?: boolean;
}

/** The panel's shape: centred box (default), wide box, the whole screen, or a drawer at the right edge. */
function panelClass({ wide, fullScreen, drawer }: Pick<DialogProps, 'wide' | 'fullScreen' | 'drawer'>): string {
  const pop = 'data-[state=open]:animate-[lotdesk-pop-in_300ms_ease-out]';
  if (drawer) return 'fixed inset-y-0 right-0 w-[min(20rem,85vw)] overflow-y-auto rounded-l-lg data-[state=open]:animate-[lotdesk-slide-in_300ms_ease-out]';
  if (fullScreen === true) return `w-full min-h-full max-w-none self-stretch rounded-lg ${pop}`;
  return `w-full ${wide === true ? 'max-w-2xl' : 'max-w-md'} rounded-lg ${pop}`;
}

/**
 * Where focus goes when a dialog under this provider closes (Esc, Close, or its action), instead of the button that
 * opened it: a screen whose idle focus is one field (Lot edit's UPC field, for the hardware scanner). When that
 * element is gone or disabled, focus goes back to the opener as everywhere else.
 */
export const DialogFocusReturn = createContext<RefObject<HTMLElement | null> | undefined>(undefined);

/** Focuses the element if it can still take focus; false when it cannot. */
function focusIfAble(element: HTMLElement | null | undefined): boolean {
  if (element === null || element === undefined || !element.isConnected || element.matches(':disabled')) return false;
  element.focus();
  return true;
}

/**
 * The element that had focus when the dialog opened, taken while rendering: Radix notes it only after the content
 * mounts, and by then a field or button with autoFocus inside has taken focus, so it would "return" to that.
 */
function useOpener(open: boolean): RefObject<HTMLElement | null> {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  wasOpen.current = open;
  return opener;
}

export function Dialog({ open, onOpenChange, title, description, children, wide = false, fullScreen = false, drawer = false }: DialogProps) {
  // Radix wires aria-describedby to the Description when there is one; without one it must be told so.
  const describedBy = description === undefined ? { 'aria-describedby': undefined } : {};
  const returnTo = useContext(DialogFocusReturn);
  const opener = useOpener(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-slate-900/50 p-3 data-[state=open]:animate-[lotdesk-fade-in_150ms_ease-out]">
          <RadixDialog.Content
            {...describedBy}
            onCloseAutoFocus={(event) => {
              if (focusIfAble(returnTo?.current) || focusIfAble(opener.current)) event.preventDefault();
            }}
            className={`${panelClass({ wide, fullScreen, drawer })} bg-white p-4 text-slate-900 shadow-xl focus:outline-none`}
          >
            <RadixDialog.Title className="text-xl font-semibold">{title}</RadixDialog.Title>
            {description !== undefined && <RadixDialog.Description className="mt-1 text-slate-700">{description}</RadixDialog.Description>}
            <div className="mt-4">{children}</div>
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The row of buttons at the foot of a dialog: Close first, the action last (right, under the thumb). */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-4 flex flex-wrap justify-end gap-2">{children}</div>;
}

/** The spec's Close button: dismisses the dialog, changes nothing. */
export function DialogCloseButton({ label = 'Close' }: { label?: string }) {
  return (
    <RadixDialog.Close asChild>
      <button type="button" className={buttonClass.secondary}>
        {label}
      </button>
    </RadixDialog.Close>
  );
}
