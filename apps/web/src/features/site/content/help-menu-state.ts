/** A help-centre menu node (docs/domains/site.md#help-menu: meun, content, child; up to three levels). */
export interface HelpItem {
  id: number;
  meun: string;
  content: string;
  child: HelpItem[];
}

/** Menu state of docs/domains/site.md#help-menu: the active item and the items whose children are folded away. */
export interface HelpMenuState {
  activeId: number | null;
  /** ids of unfolded items (children visible); everything else is folded */
  open: number[];
}

/** The first item of the menu, selected on mount. */
export function initialHelpMenuState(tree: HelpItem[]): HelpMenuState {
  const first = tree[0];
  return { activeId: first?.id ?? null, open: first?.child.length ? [first.id] : [] };
}

/** A click makes the item active and folds or unfolds its children. */
export function clickHelpItem(state: HelpMenuState, item: HelpItem): HelpMenuState {
  const hasChildren = item.child.length > 0;
  const isOpen = state.open.includes(item.id);
  const open = !hasChildren ? state.open : isOpen ? state.open.filter((id) => id !== item.id) : [...state.open, item.id];
  return { activeId: item.id, open };
}

export function findHelpItem(tree: HelpItem[], id: number | null): HelpItem | null {
  if (id === null) return null;
  for (const item of tree) {
    if (item.id === id) return item;
    const inner = findHelpItem(item.child, id);
    if (inner) return inner;
  }
  return null;
}
