import { describe, expect, it } from 'vitest';
import { clickHelpItem, findHelpItem, type HelpItem, initialHelpMenuState } from './help-menu-state.ts';

const leaf = (id: number, child: HelpItem[] = []): HelpItem => ({ id, meun: `条目${id}`, content: `<p>${id}</p>`, child });
const tree = [leaf(1, [leaf(11, [leaf(111)]), leaf(12)]), leaf(2)];

describe('help menu (docs/domains/site.md#help-menu)', () => {
  it('selects the first item on mount and unfolds it', () => {
    expect(initialHelpMenuState(tree)).toEqual({ activeId: 1, open: [1] });
    expect(initialHelpMenuState([])).toEqual({ activeId: null, open: [] });
  });
  it('a click activates the item and unfolds it, a second click folds it', () => {
    const s1 = clickHelpItem(initialHelpMenuState(tree), tree[0].child[0]);
    expect(s1).toEqual({ activeId: 11, open: [1, 11] });
    expect(clickHelpItem(s1, tree[0].child[0])).toEqual({ activeId: 11, open: [1] });
  });
  it('a leaf only becomes active', () => {
    expect(clickHelpItem({ activeId: 1, open: [1] }, tree[1])).toEqual({ activeId: 2, open: [1] });
  });
  it('finds items on the third level', () => {
    expect(findHelpItem(tree, 111)?.meun).toBe('条目111');
    expect(findHelpItem(tree, 9)).toBeNull();
  });
});
