// A screen's row of action buttons that stays compact on a phone (issue 13: the Lots toolbar wrapped into 3–4
// rows at 360 px). From 640 px every action is in the row. Below it the row keeps the actions marked `phone: 'bar'`
// and a "More actions" button opens a titled sheet with the others, each still labelled as the spec names it;
// choosing one closes the sheet and runs it. Esc or the backdrop closes the sheet, and focus returns to its button.
import { useState, type ReactNode } from 'react';
import { ClientMessages } from '../protocol/messages';
import { buttonClass } from './button';
import { Dialog } from './Dialog';

export interface BarAction {
  readonly label: string;
  readonly onClick?: () => void;
  readonly disabled?: boolean;
  /** Why it is disabled, or what it does (the button's title). */
  readonly title?: string;
  readonly tone?: keyof typeof buttonClass;
  /** On a phone: in the row ('bar') or in the More actions sheet ('more', the default). */
  readonly phone?: 'bar' | 'more';
  readonly busy?: boolean;
  /** Its work is on its way (use-one-press.ts): the button says so (aria-disabled, aria-busy) and a tap does nothing. */
  readonly waiting?: boolean;
}

export interface ActionBarProps {
  /** The toolbar's accessible name ('Lot actions'). */
  readonly label: string;
  readonly actions: readonly BarAction[];
  /** Controls after the buttons (a picker); in the row from 640 px, in the sheet on a phone. */
  readonly extra?: ReactNode;
}

const inSheet = (action: BarAction): boolean => action.phone !== 'bar';

function ActionButton({ action, className = '', onDone }: { action: BarAction; className?: string; onDone?: () => void }) {
  return (
    <button
      type="button"
      className={`${buttonClass[action.tone ?? 'secondary']} ${className}`}
      disabled={action.disabled}
      title={action.title}
      aria-busy={action.busy === true || action.waiting === true}
      aria-disabled={action.waiting}
      onClick={() => {
        if (action.waiting === true) return;
        onDone?.();
        action.onClick?.();
      }}
    >
      {action.label}
    </button>
  );
}

export function ActionBar({ label, actions, extra }: ActionBarProps) {
  const [open, setOpen] = useState(false);
  const more = actions.filter(inSheet);
  return (
    <div role="toolbar" aria-label={label} className="flex flex-wrap items-center gap-2">
      {actions.map((action) => (
        <ActionButton key={action.label} action={action} className={inSheet(action) ? 'max-sm:hidden' : ''} />
      ))}
      {extra !== undefined && <div className="contents max-sm:hidden">{extra}</div>}
      {(more.length > 0 || extra !== undefined) && (
        <button type="button" className={`${buttonClass.secondary} sm:hidden`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {ClientMessages.moreActions}
        </button>
      )}
      <Dialog open={open} onOpenChange={setOpen} title={ClientMessages.moreActions}>
        <div role="group" aria-label={label} className="flex flex-col gap-2">
          {more.map((action) => (
            <ActionButton key={action.label} action={action} className="w-full" onDone={() => setOpen(false)} />
          ))}
          {extra}
        </div>
      </Dialog>
    </div>
  );
}
