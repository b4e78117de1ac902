import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { firstPage, type PagerOptions, type Paging, pagedKey, restartPaging, tablePagination } from './paging.ts';

export interface PagedQueryOptions<Data> extends PagerOptions {
  /** the list's key; the page is appended */
  queryKey: QueryKey;
  queryFn: (page: Paging) => Promise<Data>;
  /** the first page's size (default 10) */
  size?: number;
  enabled?: boolean;
  /** keep showing the previous page while the next one loads */
  keepPrevious?: boolean;
  /** where the answer's row count is (default: its `total`) */
  total?: (data: Data) => number;
}

const totalField = (data: unknown) => (data as { total: number }).total;

/**
 * A server list paged inside a drawer, a dialog or a card (a list page keeps its page in the
 * address bar instead: useListPage). The page lives here; `pagination` goes to the Table.
 */
export function usePagedQuery<Data>(o: PagedQueryOptions<Data>) {
  const initial = o.size ?? 10;
  const [page, setPage] = useState<Paging>(() => firstPage(initial));
  const query = useQuery({
    queryKey: pagedKey(o.queryKey, page),
    queryFn: () => o.queryFn(page),
    enabled: o.enabled ?? true,
    placeholderData: o.keepPrevious ? keepPreviousData : undefined,
  });
  return {
    query,
    page,
    setPage,
    /** back to page 1 (a new filter or tab) */
    restart: () => setPage(restartPaging),
    /** back to the first page of the first size (the drawer closed) */
    reset: () => setPage(firstPage(initial)),
    pagination: tablePagination(page, query.data === undefined ? undefined : (o.total ?? totalField)(query.data), setPage, o),
  };
}
