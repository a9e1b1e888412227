// 'Select Categories' (spec §2): the store's categories as an indented tree, parent 0 at the top.
import { describe, expect, it } from 'vitest';
import type { Category } from '../../../src/protocol/entities';
import { chosenInTreeOrder, flattenCategoryTree } from '../../../src/ui/category-tree';

const cat = (id: number, name: string, parent = 0): Category => ({ id, name, parent });
const shown = (categories: Category[]) => flattenCategoryTree(categories).map(({ category, depth }) => `${'  '.repeat(depth)}${category.name}`);

describe('Select Categories', () => {
  it('shows each child indented under its parent, siblings in the store order', () => {
    const categories = [cat(3, 'Drills', 1), cat(1, 'Tools'), cat(2, 'Toys'), cat(4, 'Cordless', 3), cat(5, 'Saws', 1)];
    expect(shown(categories)).toEqual(['Tools', '  Drills', '    Cordless', '  Saws', 'Toys']);
  });

  it('shows a category whose parent is unknown at the top level', () => {
    expect(shown([cat(1, 'Tools'), cat(9, 'Orphan', 42)])).toEqual(['Tools', 'Orphan']);
  });

  it('shows every category once even when parents form a loop', () => {
    const lines = flattenCategoryTree([cat(1, 'A', 2), cat(2, 'B', 1), cat(3, 'Self', 3), cat(4, 'Top')]);
    expect(lines.map((line) => line.category.id).sort()).toEqual([1, 2, 3, 4]);
  });

  it('shows nothing for an empty store', () => {
    expect(flattenCategoryTree([])).toEqual([]);
  });

  it('returns the chosen ids parents first, whatever order they were ticked in', () => {
    const lines = flattenCategoryTree([cat(3, 'Drills', 1), cat(1, 'Tools'), cat(2, 'Toys')]);
    expect(chosenInTreeOrder(lines, new Set([2, 3, 1]))).toEqual([1, 3, 2]);
    expect(chosenInTreeOrder(lines, new Set())).toEqual([]);
  });
});
