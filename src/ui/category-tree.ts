// Pure shape of the category picker (spec §2 'Select Categories'): the flat category list of the store
// (parent 0 = top level) laid out depth-first, each with its depth for indentation. No React here.
import type { Category } from '../protocol/entities';

export interface CategoryLine {
  readonly category: Category;
  /** 0 for top level; the picker indents by it. */
  readonly depth: number;
}

/**
 * Parents before their children, siblings in the store's order. A category whose parent is missing from the
 * list shows at the top level, and a parent loop cannot hide or repeat anyone: every category appears once.
 */
export function flattenCategoryTree(categories: readonly Category[]): CategoryLine[] {
  const ids = new Set(categories.map((category) => category.id));
  const children = new Map<number, Category[]>();
  for (const category of categories) {
    const parent = category.parent !== category.id && ids.has(category.parent) ? category.parent : 0;
    const siblings = children.get(parent);
    if (siblings === undefined) children.set(parent, [category]);
    else siblings.push(category);
  }

  const lines: CategoryLine[] = [];
  const placed = new Set<number>();
  const visit = (category: Category, depth: number): void => {
    if (placed.has(category.id)) return;
    placed.add(category.id);
    lines.push({ category, depth });
    for (const child of children.get(category.id) ?? []) visit(child, depth + 1);
  };
  for (const top of children.get(0) ?? []) visit(top, 0);
  // Categories caught in a parent loop are reachable from no top: show them at the top level.
  for (const category of categories) visit(category, 0);
  return lines;
}

/** The chosen ids in the picker's order (parents first), whatever order they were ticked in. */
export function chosenInTreeOrder(lines: readonly CategoryLine[], chosen: ReadonlySet<number>): number[] {
  return lines.filter((line) => chosen.has(line.category.id)).map((line) => line.category.id);
}
