import { describe, expect, it } from 'vitest';
import { hasDistrictList, isListedDistrict, PROVINCE_COUNT, REGION_OPTIONS } from './china-regions.ts';

describe('built-in regions', () => {
  it('lists all 34 provincial divisions, each with cities', () => {
    expect(PROVINCE_COUNT).toBe(34);
    for (const p of REGION_OPTIONS) expect(p.children?.length, p.label).toBeGreaterThan(0);
  });

  it('has districts for the municipalities and the main provinces', () => {
    const withDistricts: [string, string][] = [
      ['北京市', '北京市'],
      ['上海市', '上海市'],
      ['天津市', '天津市'],
      ['重庆市', '重庆市'],
      ['江苏省', '南京市'],
      ['浙江省', '杭州市'],
      ['广东省', '广州市'],
      ['湖北省', '武汉市'],
      ['四川省', '成都市'],
      ['山东省', '济南市'],
    ];
    for (const [p, c] of withDistricts) expect(hasDistrictList(p, c), `${p}/${c}`).toBe(true);
    expect(isListedDistrict('北京市', '北京市', '海淀区')).toBe(true);
    expect(hasDistrictList('河北省', '保定市')).toBe(false);
  });

  it('has no duplicate values among siblings', () => {
    const check = (opts: { value: string; children?: unknown[] }[]) => expect(new Set(opts.map((o) => o.value)).size).toBe(opts.length);
    check(REGION_OPTIONS);
    for (const p of REGION_OPTIONS) {
      check(p.children ?? []);
      for (const c of p.children ?? []) check(c.children ?? []);
    }
  });
});
