import { MAX_ORDER_AMOUNT_FEN } from '@kc/contracts/buying/mall';
import { ORDER_IMPORT_COLUMNS as H } from '@kc/contracts/oversight/exports';
import { isValidCas } from '@kc/contracts/platform/cas';
import { type ExcelColumn, isParseError, parseYuanToFen, type SheetColumn, writeWorkbook } from '../../../platform/documents/index.ts';

/**
 * The sheet of historical orders: one row per order line. Rows with the same 原订单号 form one
 * order (one sub-order per supplier); an empty 原订单号 makes the row an order of its own. Every
 * column is read as text and checked here cell by cell; names (研究所, 采购人账号, 供应商, the item)
 * are checked against the database by the service.
 */
export const ORDER_IMPORT_SHEET = [
  { key: 'group', header: H[0], aliases: ['订单号', '原单号'] },
  { key: 'institute', header: H[1], required: true, aliases: ['单位', '研究所名称'] },
  { key: 'buyer', header: H[2], required: true, aliases: ['采购人', '采购人用户名'] },
  { key: 'supplier', header: H[3], required: true, aliases: ['供应商名称'] },
  { key: 'name', header: H[4], required: true, aliases: ['商品'] },
  { key: 'cas', header: H[5], aliases: ['CAS', 'CAS 号'] },
  { key: 'brand', header: H[6], required: true },
  { key: 'catalogNo', header: H[7], required: true, aliases: ['货号/型号'] },
  { key: 'spec', header: H[8], required: true, aliases: ['包装', '包装/规格'] },
  { key: 'quantity', header: H[9], required: true },
  { key: 'price', header: H[10], required: true, aliases: ['单价（元）', '单价'] },
  { key: 'date', header: H[11], required: true, aliases: ['下单时间', '订单日期'] },
] as const satisfies readonly ExcelColumn[];

export type SheetText = Record<(typeof ORDER_IMPORT_SHEET)[number]['key'], string>;

/** A row's cells once each is well formed (names still to be found). Money in fen. */
export interface ParsedRow {
  group: string;
  institute: string;
  buyer: string;
  supplier: string;
  name: string;
  cas: string | null;
  brand: string;
  catalogNo: string;
  spec: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  /** YYYY-MM-DD */
  orderDate: string;
}

const MAX_QTY = 1_000_000;

/** Checks one row's cells; each problem names its column. `today` (Shanghai, YYYY-MM-DD) bounds the date. */
export function parseRow(t: SheetText, today: string): { row: ParsedRow } | { errors: { column: string; message: string }[] } {
  const errors: { column: string; message: string }[] = [];
  const err = (column: string, message: string) => errors.push({ column, message });
  const long = (key: keyof SheetText, header: string, max: number) => {
    if (t[key].length > max) err(header, `最多 ${max} 个字符`);
  };
  long('group', H[0], 40);
  long('name', H[4], 100);
  long('brand', H[6], 60);
  long('catalogNo', H[7], 40);
  long('spec', H[8], 40);
  const cas = t.cas === '' ? null : t.cas;
  if (cas !== null && !isValidCas(cas)) err(H[5], `「${cas}」不是有效的 CAS 号`);
  const quantity = /^\d+$/.test(t.quantity) ? Number(t.quantity) : Number.NaN;
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_QTY) err(H[9], `须为 1 至 ${MAX_QTY.toLocaleString('en-US')} 的整数`);
  const price = parseYuanToFen(t.price);
  if (isParseError(price)) err(H[10], price.error);
  else if (price <= 0) err(H[10], '单价须大于 0');
  const date = parseDay(t.date);
  if (date === null) err(H[11], '日期格式应为 2025-03-01 或 2025/3/1');
  else if (date > today) err(H[11], '下单日期不能晚于今天');
  const amount = !isParseError(price) && Number.isSafeInteger(quantity) ? price * quantity : 0;
  if (amount > MAX_ORDER_AMOUNT_FEN) err(H[10], '数量 × 单价超过单笔订单上限');
  if (errors.length || date === null || isParseError(price)) return { errors };
  return {
    row: {
      group: t.group,
      institute: t.institute,
      buyer: t.buyer,
      supplier: t.supplier,
      name: t.name,
      cas,
      brand: t.brand,
      catalogNo: t.catalogNo,
      spec: t.spec,
      quantity,
      unitPrice: price,
      amount,
      orderDate: date,
    },
  };
}

/** 2025-03-01, 2025/3/1, 2025.3.1 (a date cell read as shown) → 2025-03-01; null when not a calendar day. */
export function parseDay(s: string): string | null {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d || y < 2000) return null;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The template: headers, one example row, every column formatted as text (货号 00123 and 12.30 stay as typed). */
export function orderImportTemplate(): Promise<Buffer> {
  const example: Record<string, string> = {
    原订单号: 'HIS-2025-0001',
    研究所: '中国科学院化学研究所',
    采购人账号: 'buyer1',
    供应商: '国药集团化学试剂有限公司',
    商品名称: '乙腈',
    CAS号: '75-05-8',
    品牌: '国药',
    货号: '10000818',
    规格: '500ml',
    数量: '2',
    '单价(元)': '36.50',
    下单日期: '2025-03-01',
  };
  const columns: SheetColumn<Record<string, string>>[] = H.map((h) => ({
    header: h,
    value: (r) => r[h],
    textFormat: true,
    width: h === '供应商' || h === '研究所' ? 28 : 14,
  }));
  return writeWorkbook({ name: '历史订单', columns, rows: [example] });
}
