import { describe, expect, it, vi } from 'vitest';
import { firstPage, pagedKey, restartPaging, tablePagination } from './paging.ts';

describe('paging of a list inside a drawer or dialog', () => {
  it('starts at page 1 of the given size', () => {
    expect(firstPage(20)).toEqual({ current: 1, size: 20 });
  });

  it('restarts at page 1 keeping the size, and keeps the same state when already there', () => {
    expect(restartPaging({ current: 4, size: 50 })).toEqual({ current: 1, size: 50 });
    const p = { current: 1, size: 10 };
    expect(restartPaging(p)).toBe(p);
  });

  it('appends the page to the list key, so invalidating the list refreshes every page', () => {
    expect(pagedKey(['grantCards', 'ledger', 7], { current: 2, size: 20 })).toEqual(['grantCards', 'ledger', 7, 2, 20]);
  });

  it('gives the table its pagination: page, size, total (0 before it loads) and a change handler', () => {
    const set = vi.fn();
    const p = tablePagination({ current: 3, size: 10 }, undefined, set);
    expect(p).toMatchObject({ current: 3, pageSize: 10, total: 0 });
    expect('showTotal' in p).toBe(false);
    expect('showSizeChanger' in p).toBe(false);
    p.onChange(1, 50);
    expect(set).toHaveBeenCalledWith({ current: 1, size: 50 });
  });

  it('passes the total wording and the size changer only when asked', () => {
    const p = tablePagination({ current: 1, size: 10 }, 42, () => undefined, { showTotal: (n) => `共 ${n} 条`, showSizeChanger: false });
    expect(p.total).toBe(42);
    expect(p.showTotal?.(42)).toBe('共 42 条');
    expect(p.showSizeChanger).toBe(false);
  });
});
