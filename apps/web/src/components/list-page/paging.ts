import type { QueryKey } from '@tanstack/react-query';

/** One page of a server list: the page number (from 1) and its size. */
export interface Paging {
  current: number;
  size: number;
}

export const firstPage = (size: number): Paging => ({ current: 1, size });

/** Back to page 1 with the same size (a new filter or tab means other rows). */
export const restartPaging = (p: Paging): Paging => (p.current === 1 ? p : { ...p, current: 1 });

/** The query key of one page: the list's key with the page appended (invalidating the list's key refreshes every page). */
export const pagedKey = (head: QueryKey, p: Paging): QueryKey => [...head, p.current, p.size];

export interface PagerOptions {
  /** the total's wording, e.g. (n) => `共 ${n} 条` */
  showTotal?: (total: number) => string;
  showSizeChanger?: boolean;
}

/** The pagination prop of an antd Table showing the page. */
export function tablePagination(p: Paging, total: number | undefined, set: (p: Paging) => void, o: PagerOptions = {}) {
  return {
    current: p.current,
    pageSize: p.size,
    total: total ?? 0,
    ...(o.showTotal ? { showTotal: o.showTotal } : {}),
    ...(o.showSizeChanger === undefined ? {} : { showSizeChanger: o.showSizeChanger }),
    onChange: (current: number, size: number) => set({ current, size }),
  };
}
