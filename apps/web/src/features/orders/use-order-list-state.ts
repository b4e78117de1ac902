import { useCallback, useMemo, useState } from 'react';
import type { OrderFilter, OrderListQuery } from './api/order-types.ts';
import type { SearchValues } from './order-format.ts';
import { effectiveStatuses, type StatusTab } from './order-status.ts';

const DEFAULT_SIZE = 10;

/**
 * Tab, search form and pagination of an order list. A new tab or a new search goes back to page 1;
 * the export takes the same filter as the list without the paging. The setters are stable.
 */
export function useOrderListState(tabs: StatusTab[], initialTab?: string, initialSearch: SearchValues = {}) {
  const [tabKey, setTabKey] = useState(initialTab ?? tabs[0]?.key ?? 'all');
  const [search, setSearchState] = useState<SearchValues>(initialSearch);
  const [page, setPageState] = useState({ current: 1, size: DEFAULT_SIZE });
  const tab = tabs.find((t) => t.key === tabKey) ?? tabs[0];

  const filter = useMemo<OrderFilter>(() => {
    const statuses = effectiveStatuses(tab?.statuses ?? [], search.status);
    return {
      status: statuses.length ? statuses.join(',') : undefined,
      orderNo: search.orderNo?.trim() || undefined,
      dateFrom: search.dateFrom,
      dateTo: search.dateTo,
    };
  }, [tab, search]);

  const query = useMemo<OrderListQuery>(() => ({ ...filter, current: page.current, size: page.size }), [filter, page]);
  const toFirstPage = useCallback(() => setPageState((p) => (p.current === 1 ? p : { ...p, current: 1 })), []);

  const setTab = useCallback(
    (key: string) => {
      setTabKey(key);
      toFirstPage();
    },
    [toFirstPage],
  );
  const setSearch = useCallback(
    (v: SearchValues) => {
      setSearchState(v);
      toFirstPage();
    },
    [toFirstPage],
  );
  const setPage = useCallback((current: number, size: number) => setPageState((p) => ({ current: size !== p.size ? 1 : current, size })), []);

  return { tabKey, tab, setTab, search, setSearch, page, setPage, filter, query };
}
