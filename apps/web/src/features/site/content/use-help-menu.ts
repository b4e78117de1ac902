import { useCallback, useEffect, useRef, useState } from 'react';
import { clickHelpItem, findHelpItem, type HelpItem, type HelpMenuState, initialHelpMenuState } from './help-menu-state.ts';

/** Menu state with the behaviour of docs/domains/site.md#help-menu: first item on mount; a click activates, folds and scrolls the content to the top. */
export function useHelpMenu(tree: HelpItem[] | undefined) {
  const [state, setState] = useState<HelpMenuState>({ activeId: null, open: [] });
  const contentRef = useRef<HTMLDivElement>(null);
  const seeded = useRef(false);

  useEffect(() => {
    if (!tree?.length || seeded.current) return;
    seeded.current = true;
    setState(initialHelpMenuState(tree));
  }, [tree]);

  const click = useCallback((item: HelpItem) => {
    setState((s) => clickHelpItem(s, item));
    contentRef.current?.scrollTo({ top: 0 });
  }, []);

  return { state, click, contentRef, active: findHelpItem(tree ?? [], state.activeId) };
}
