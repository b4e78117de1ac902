import { describe, expect, it } from 'vitest';
import {
  filterParams,
  keepListed,
  type ListConfig,
  type ListField,
  pageAfterRemoval,
  parseListParams,
  requestParams,
  serializeListState,
  withPage,
  withSearch,
  withTab,
} from './list-state.ts';

const fields: ListField[] = [
  { kind: 'text', name: 'orderNo', label: '订单号' },
  {
    kind: 'select',
    name: 'type',
    label: '类型',
    options: [
      { value: '1', label: '通知' },
      { value: '2', label: '公告' },
    ],
  },
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    multiple: true,
    options: ['a', 'b', 'c'].map((v) => ({ value: v, label: v })),
  },
  { kind: 'dateRange', name: 'dates', label: '下单日期', params: ['dateFrom', 'dateTo'] },
];
const config: ListConfig = { fields, tabs: ['all', 'approving', 'done'] };
const parse = (q: string, c: ListConfig = config) => parseListParams(new URLSearchParams(q), c);

describe('parseListParams', () => {
  it('reads the search, tab and page from the address bar', () => {
    expect(parse('orderNo=%20PO1%20&type=2&status=a,c&dateFrom=2026-01-01&dateTo=2026-01-31&tab=done&current=3&size=20')).toEqual({
      values: { orderNo: 'PO1', type: '2', status: ['a', 'c'], dateFrom: '2026-01-01', dateTo: '2026-01-31' },
      tab: 'done',
      current: 3,
      size: 20,
    });
  });

  it('falls back to the defaults without parameters', () => {
    expect(parse('')).toEqual({ values: {}, tab: 'all', current: 1, size: 10 });
    expect(parse('', { fields, tabs: ['x', 'y'], defaultTab: 'y', defaultSize: 20 })).toEqual({ values: {}, tab: 'y', current: 1, size: 20 });
    expect(parse('', { fields })).toEqual({ values: {}, tab: undefined, current: 1, size: 10 });
  });

  it('ignores unknown, garbled and out-of-range parameters', () => {
    const s = parse('type=9&status=z,,a,a&dateFrom=2026-02-30&dateTo=tomorrow&tab=secret&current=-2&size=7&evil=%3Cscript%3E&orderNo=');
    expect(s).toEqual({ values: { status: ['a'] }, tab: 'all', current: 1, size: 10 });
    expect(parse('current=1.5&size=abc').current).toBe(1);
    expect(parse('current=99999999').current).toBe(1);
    expect(parse(`orderNo=${'x'.repeat(500)}`).values.orderNo).toHaveLength(100);
  });

  it('never shows a tab the role may not see', () => {
    expect(parse('tab=done', { fields, tabs: ['all', 'approving'] }).tab).toBe('all');
  });
});

describe('serializeListState', () => {
  it('writes what differs from the defaults, keeps foreign parameters, and reads back the same', () => {
    const state = { values: { orderNo: ' PO1 ', status: ['a', 'b'], dateFrom: '2026-01-01', type: '' }, tab: 'approving', current: 2, size: 50 };
    const out = serializeListState(state, config, new URLSearchParams('orderId=5&current=9&orderNo=old'));
    expect(out.toString()).toBe('orderId=5&orderNo=PO1&status=a%2Cb&dateFrom=2026-01-01&tab=approving&current=2&size=50');
    expect(parseListParams(out, config)).toEqual({ ...state, values: { orderNo: 'PO1', status: ['a', 'b'], dateFrom: '2026-01-01' } });
  });

  it('leaves a plain list with a plain link', () => {
    expect(serializeListState({ values: {}, tab: 'all', current: 1, size: 10 }, config).toString()).toBe('');
  });
});

describe('moves', () => {
  const s = { values: { orderNo: 'PO1' }, tab: 'all', current: 4, size: 10 };
  it('goes back to page 1 on a new search or tab, and on a new page size', () => {
    expect(withSearch(s, { orderNo: 'PO2' })).toEqual({ values: { orderNo: 'PO2' }, tab: 'all', current: 1, size: 10 });
    expect(withTab(s, 'done')).toEqual({ ...s, tab: 'done', current: 1 });
    expect(withPage(s, 3, 10)).toEqual({ ...s, current: 3 });
    expect(withPage(s, 3, 20)).toEqual({ ...s, current: 1, size: 20 });
  });
});

describe('request parameters', () => {
  it('trims, drops empty values and joins several choices', () => {
    const state = { values: { orderNo: '  ', status: ['a', 'c'], type: '1', dateTo: '2026-03-01', other: 'x' }, tab: 'all', current: 2, size: 20 };
    expect(filterParams(state, fields)).toEqual({ status: 'a,c', type: '1', dateTo: '2026-03-01' });
    expect(requestParams(state, fields)).toEqual({ status: 'a,c', type: '1', dateTo: '2026-03-01', current: 2, size: 20 });
  });
});

describe('pageAfterRemoval', () => {
  it('stays on the page while it still exists', () => {
    expect(pageAfterRemoval(2, 10, 25, 3)).toBe(2);
    expect(pageAfterRemoval(1, 10, 5, 5)).toBe(1);
  });
  it('steps back when the last page was emptied', () => {
    expect(pageAfterRemoval(3, 10, 21, 1)).toBe(2);
    expect(pageAfterRemoval(3, 10, 30, 10)).toBe(2);
    expect(pageAfterRemoval(5, 10, 12, 12)).toBe(1);
  });
});

describe('keepListed', () => {
  it('drops chosen ids that the reloaded page no longer lists', () => {
    expect(keepListed([1, 2, 3], [3, 1, 9])).toEqual([1, 3]);
    expect(keepListed([], [1])).toEqual([]);
  });
});
