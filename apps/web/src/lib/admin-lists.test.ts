import { describe, expect, it } from 'vitest';
import { contains, fenToYuan, filterTree, pageOfList, trackingPreview, yuanToFen } from './admin-lists.ts';

describe('pageOfList', () => {
  const rows = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: i % 2 ? `奇${i + 1}` : `偶${i + 1}` }));
  it('pages the kept rows and counts them', () => {
    expect(pageOfList(rows, { current: 3, size: 10 })).toMatchObject({ total: 23, current: 3, size: 10 });
    expect(pageOfList(rows, { current: 3, size: 10 }).records.map((r) => r.id)).toEqual([21, 22, 23]);
    const odd = pageOfList(rows, { current: 1, size: 5 }, (r) => contains(r.name, '奇'));
    expect(odd.total).toBe(11);
    expect(odd.records.map((r) => r.id)).toEqual([2, 4, 6, 8, 10]);
  });
  it('falls back to the last page when a search leaves fewer rows', () => {
    expect(pageOfList(rows, { current: 9, size: 10 }, (r) => r.id < 5)).toMatchObject({ current: 1, total: 4 });
    expect(pageOfList([], { current: 2, size: 10 })).toEqual({ records: [], total: 0, current: 1, size: 10 });
  });
});

describe('contains', () => {
  it('ignores case and surrounding blanks; an empty search matches', () => {
    expect(contains('Shunfeng 顺丰', ' SHUN ')).toBe(true);
    expect(contains('顺丰', '京东')).toBe(false);
    expect(contains(null, '')).toBe(true);
    expect(contains(null, 'x')).toBe(false);
  });
});

describe('filterTree', () => {
  const tree = [
    {
      name: '系统管理',
      child: [
        { name: '用户管理', child: [{ name: '用户维护', child: [] }] },
        { name: '快递渠道', child: [] },
      ],
    },
    { name: '工作台', child: [] },
  ];
  it('keeps matches with their ancestors and their whole subtree', () => {
    expect(filterTree(tree, '快递')).toEqual([{ name: '系统管理', child: [{ name: '快递渠道', child: [] }] }]);
    expect(filterTree(tree, '用户管理')[0]!.child[0]!.child).toHaveLength(1);
    expect(filterTree(tree, '不存在')).toEqual([]);
    expect(filterTree(tree, ' ')).toHaveLength(2);
  });
});

describe('trackingPreview', () => {
  it('fills {com} and {no}, encoded, like the server', () => {
    expect(trackingPreview('https://www.kuaidi100.com/chaxun?com={com}&nu={no}', 'SF', 'SF 1&2')).toBe('https://www.kuaidi100.com/chaxun?com=SF&nu=SF%201%262');
    expect(trackingPreview('  ', 'SF', '1')).toBeNull();
    expect(trackingPreview('https://www.sf-express.com/', 'SF', '1')).toBe('https://www.sf-express.com/');
  });
});

describe('yuan and fen', () => {
  it('rounds typed yuan to whole fen', () => {
    expect(yuanToFen(5000)).toBe(500_000);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen(null)).toBe(0);
    expect(fenToYuan(123_456)).toBe(1234.56);
  });
});
