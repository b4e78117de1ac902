import { describe, expect, it } from 'vitest';
import { hasNewItemCells, parseNewItemCells, type SheetRowText } from './price-sheet.ts';

const row = (o: Partial<SheetRowText>): SheetRowText => ({
  catalogNo: 'N1',
  brand: '国药',
  spec: '500g',
  price: '10',
  stock: '',
  lead: '',
  name: '',
  cas: '',
  unit: '',
  category: '',
  ...o,
});
const leaf = (text: string) => (text === '无机试剂' ? { id: 7, path: '化学试剂/无机试剂' } : { error: `“${text}”不是平台的商品分类` });

describe('新增 cells of a price sheet', () => {
  it('a row is a new item when it carries a name, unit or category', () => {
    expect(hasNewItemCells(row({}))).toBe(false);
    expect(hasNewItemCells(row({ cas: '64-17-5' }))).toBe(false);
    expect(hasNewItemCells(row({ unit: '瓶' }))).toBe(true);
  });

  it('reads a complete row, CAS optional', () => {
    expect(parseNewItemCells(row({ name: '硫酸铜', cas: '7758-98-7', unit: '瓶', category: '无机试剂' }), leaf)).toEqual({
      values: { name: '硫酸铜', cas: '7758-98-7', unit: '瓶', categoryId: 7, categoryPath: '化学试剂/无机试剂' },
    });
    expect(parseNewItemCells(row({ name: '硫酸铜', unit: '瓶', category: '无机试剂' }), leaf)).toMatchObject({ values: { cas: null } });
  });

  it('names every problem: missing cells, CAS shape and check digit, a unit with digits, an unknown category', () => {
    expect(parseNewItemCells(row({ name: '硫酸铜' }), leaf)).toEqual({ errors: ['新增商品请填写单位、分类'] });
    expect(parseNewItemCells(row({ name: '硫酸铜', cas: '7758-98', unit: '瓶', category: '无机试剂' }), leaf)).toEqual({
      errors: ['CAS号“7758-98”格式不正确，应如 64-17-5'],
    });
    expect(parseNewItemCells(row({ name: '硫酸铜', cas: '7758-98-8', unit: '500g', category: '有机' }), leaf)).toEqual({
      errors: ['单位“500g”应为计量单位，如 瓶、盒、支', 'CAS号“7758-98-8”校验位不正确，请核对', '分类：“有机”不是平台的商品分类'],
    });
  });
});
