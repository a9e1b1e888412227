// The spec's category selection (spec §2 Lots list: 'Select Categories', Close and Update): the store's
// category tree as nested, indented checkboxes; Update hands back the chosen ids. At most CATEGORIES_MAX may
// be chosen (the wire limit of a lot's categories), so the rest are disabled once that many are ticked.
import { useMemo, useState, type FormEvent } from 'react';
import type { Category } from '../protocol/entities';
import { CATEGORIES_MAX } from '../protocol/lots';
import { buttonClass } from './button';
import { chosenInTreeOrder, flattenCategoryTree } from './category-tree';
import { Dialog, DialogActions, DialogCloseButton } from './Dialog';

export interface CategoryDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly categories: readonly Category[];
  /** Ids ticked when it opens (e.g. the lot's current categories). */
  readonly initialSelected?: readonly number[];
  /** Gets the chosen ids, parents first; the dialog closes after. */
  readonly onUpdate: (ids: number[]) => void;
}

type FormProps = Pick<CategoryDialogProps, 'onOpenChange' | 'categories' | 'initialSelected' | 'onUpdate'>;

function CategoryForm({ onOpenChange, categories, initialSelected = [], onUpdate }: FormProps) {
  const lines = useMemo(() => flattenCategoryTree(categories), [categories]);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(initialSelected));
  const full = chosen.size >= CATEGORIES_MAX;

  const toggle = (id: number, on: boolean): void =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    onUpdate(chosenInTreeOrder(lines, chosen));
    onOpenChange(false);
  };

  return (
    <form onSubmit={submit}>
      <fieldset>
        <legend className="mb-2 text-sm text-slate-700">{`${chosen.size} selected${full ? ` (the most a lot can have)` : ''}`}</legend>
        {lines.length === 0 ? (
          <p className="py-4 text-slate-600">No categories yet.</p>
        ) : (
          <ul className="max-h-[55dvh] overflow-y-auto rounded-md border border-slate-200">
            {lines.map(({ category, depth }) => {
              const checked = chosen.has(category.id);
              return (
                <li key={category.id}>
                  <label
                    className="flex min-h-11 cursor-pointer items-center gap-3 pr-2 hover:bg-slate-100 has-disabled:cursor-not-allowed has-disabled:opacity-60"
                    // Indentation shows nesting; capped so deep trees stay usable at 360 px.
                    style={{ paddingLeft: `${0.5 + Math.min(depth, 6) * 1.25}rem` }}
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={full && !checked}
                      onChange={(event) => toggle(category.id, event.target.checked)}
                      className="size-5 shrink-0 accent-blue-700"
                    />
                    <span className="min-w-0 break-words">{category.name}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      <DialogActions>
        <DialogCloseButton />
        <button type="submit" className={buttonClass.primary}>
          Update
        </button>
      </DialogActions>
    </form>
  );
}

export function CategoryDialog({ open, onOpenChange, categories, initialSelected, onUpdate }: CategoryDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Select Categories" wide>
      <CategoryForm onOpenChange={onOpenChange} categories={categories} initialSelected={initialSelected} onUpdate={onUpdate} />
    </Dialog>
  );
}
