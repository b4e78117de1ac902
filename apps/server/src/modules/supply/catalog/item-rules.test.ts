import { describe, expect, it } from 'vitest';
import { hazardsOf, highlight, parseImages, unitPrice } from './item-rules.ts';
import { productKey } from './product-key.ts';

describe('item rules', () => {
  it('highlights matched words after escaping the name', () => {
    expect(highlight('无水乙醇', ['乙醇'])).toBe('无水<em>乙醇</em>');
    expect(highlight('Ethanol absolute', ['ethanol'])).toBe('<em>Ethanol</em> absolute');
    expect(highlight('<b>乙醇</b>&', ['乙醇'])).toBe('&lt;b&gt;<em>乙醇</em>&lt;/b&gt;&amp;');
    expect(highlight('乙醇乙醇', ['乙醇'])).toBe('<em>乙醇乙醇</em>');
    expect(highlight('氯化钠', [])).toBe('氯化钠');
  });

  it('prices per pack unit so pack sizes compare', () => {
    expect(unitPrice(10000, 2500)).toBe(4);
    expect(unitPrice(3000, 500)).toBe(6);
    expect(unitPrice(1000, 3)).toBe(333.3333);
    expect(unitPrice(1000, null)).toBeNull();
    expect(unitPrice(1000, 0)).toBeNull();
  });

  it('lists hazard flags in a fixed order', () => {
    expect(hazardsOf({ hazard_dangerous: 1, hazard_precursor: 1, hazard_explosive: 1, hazard_toxic: 0 })).toEqual(['dangerous', 'precursor', 'explosive']);
    expect(hazardsOf({ hazard_dangerous: 0, hazard_precursor: 0, hazard_explosive: 0, hazard_toxic: 1 })).toEqual(['toxic']);
  });

  it('groups one brand article across suppliers, else CAS and grade', () => {
    expect(productKey({ brandName: 'Sigma-Aldrich', catalogNo: '459836', cas: '64-17-5', grade: '分析纯' })).toBe('b:sigmaaldrich:459836');
    expect(productKey({ brandName: '国药(沪试)', catalogNo: ' 10009218 ', cas: null, grade: null })).toBe(
      productKey({ brandName: '国药（沪试）', catalogNo: '10009218', cas: null, grade: null }),
    );
    expect(productKey({ brandName: null, catalogNo: null, cas: '64-17-5', grade: '分析纯' })).toBe('c:64-17-5:分析纯');
    expect(productKey({ brandName: null, catalogNo: null, cas: null, grade: null, itemId: 7 })).toBe('i:7');
  });

  it('reads image lists defensively', () => {
    expect(parseImages('[3,"https://x/y.png",{}]')).toEqual([3, 'https://x/y.png']);
    expect(parseImages('oops')).toEqual([]);
  });
});
