import type { Page } from '@kc/contracts/platform/common';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { type Key, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ALL_FLAGS, allowedTabs, type PageFlags } from '../page-flags-rule.ts';
import {
  filterParams,
  keepListed,
  type ListField,
  type ListState,
  type ListValues,
  PAGE_SIZES,
  parseListParams,
  requestParams,
  serializeListState,
  withPage,
  withSearch,
  withTab,
} from './list-state.ts';

/** A tab of a list page; `count` shows beside its label when known. */
export interface ListTab {
  key: string;
  label: string;
  count?: number;
}

/** What the request receives: the page, the tab and the cleaned filters (several choices comma-separated). */
export type ListRequest = { current: number; size: number; tab?: string; [filter: string]: string | number | undefined };

export interface ListPageOptions<Row> {
  /** the query key's head; the request's parameters are appended */
  queryKey: QueryKey;
  fields?: readonly ListField[];
  tabs?: readonly ListTab[];
  defaultTab?: string;
  pageSizes?: readonly number[];
  defaultSize?: number;
  /** one page of rows from the server */
  request: (q: ListRequest) => Promise<Page<Row>>;
  /** false: nothing is asked (a role the user lacks, whose list the server would refuse) */
  enabled?: boolean;
  /** the page's flags (usePageFlags); they filter the tabs by limitTab and choose the buttons */
  flags?: PageFlags;
  /** keep chosen rows across pages (batch print); otherwise the selection follows what is listed */
  preserveSelection?: boolean;
  /** the row key (default `id`) */
  rowKey?: (row: Row) => Key;
}

const EMPTY: readonly ListField[] = [];

/**
 * The state and data of a list page: search values, tab and page live in the address bar's
 * parameters (a refresh or a shared link shows the same list), the rows come from `request` with
 * current/size, and the chosen rows are kept for batch actions.
 */
export function useListPage<Row>(o: ListPageOptions<Row>) {
  const fields = o.fields ?? EMPTY;
  const flags = o.flags ?? ALL_FLAGS;
  const tabs = useMemo(() => allowedTabs(o.tabs ?? [], flags), [o.tabs, flags]);
  const tabKeys = useMemo(() => tabs.map((t) => t.key), [tabs]);
  const config = useMemo(
    () => ({ fields, tabs: tabKeys.length ? tabKeys : undefined, defaultTab: o.defaultTab, pageSizes: o.pageSizes, defaultSize: o.defaultSize }),
    [fields, tabKeys, o.defaultTab, o.pageSizes, o.defaultSize],
  );
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListParams(params, config), [params, config]);

  const go = useCallback(
    (next: (s: ListState) => ListState) =>
      setParams(
        (prev) => {
          const s = parseListParams(prev, config);
          return serializeListState(next(s), config, prev);
        },
        { replace: false },
      ),
    [setParams, config],
  );
  const setValues = useCallback((values: ListValues) => go((s) => withSearch(s, values)), [go]);
  const setTab = useCallback((tab: string) => go((s) => withTab(s, tab)), [go]);
  const setPage = useCallback((current: number, size: number) => go((s) => withPage(s, current, size)), [go]);

  const request: ListRequest = useMemo(() => ({ ...requestParams(state, fields), ...(state.tab ? { tab: state.tab } : {}) }), [state, fields]);
  const filter = useMemo(() => filterParams(state, fields), [state, fields]);
  const { request: fetchPage } = o;
  const query = useQuery({
    queryKey: [...o.queryKey, request],
    queryFn: () => fetchPage(request),
    placeholderData: keepPreviousData,
    enabled: o.enabled ?? true,
    // a list shows what is there now when it is opened again
    staleTime: 0,
  });

  const rowKey = o.rowKey ?? ((r: Row) => (r as { id: Key }).id);
  const [selected, setSelected] = useState<Key[]>([]);
  const records = query.data?.records;
  const preserve = o.preserveSelection ?? false;
  // the selection follows the list: rows gone after a reload, a search or a page change are dropped
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowKey is a plain accessor, new each render
  useEffect(() => {
    if (preserve || !records) return;
    const listed = records.map(rowKey);
    setSelected((prev) => {
      const next = keepListed(prev, listed);
      return next.length === prev.length ? prev : next;
    });
  }, [records, preserve]);
  const chosen = useMemo(() => (records ?? []).filter((r) => selected.includes(rowKey(r))), [records, selected, rowKey]);

  return {
    state,
    /** the current tab's key (undefined on a page without tabs) */
    tab: state.tab,
    tabs,
    fields,
    flags,
    pageSizes: o.pageSizes ?? PAGE_SIZES,
    setValues,
    setTab,
    setPage,
    /** the request of the page shown (with current/size) */
    request,
    /** the filters without the paging (exports take them) */
    filter,
    query,
    records: records ?? [],
    total: query.data?.total ?? 0,
    selection: { keys: selected, set: setSelected, clear: () => setSelected([]), rows: chosen },
    rowKey,
  };
}

export type ListPageModel<Row> = ReturnType<typeof useListPage<Row>>;
