import { CAS_PATTERN, isValidCas } from '@kc/contracts/platform/cas';
import { PRICE_SHEET_HEADERS as H, MAX_LEAD_DAYS } from '@kc/contracts/supply/catalog-price-imports';
import { MAX_ITEM_PRICE_FEN, MAX_ITEM_STOCK } from '@kc/contracts/supply/catalog-supplier-items';
import { type ExcelColumn, type ParseError, parseYuanToFen, type SheetColumn, writeWorkbook } from '../../../platform/documents/index.ts';

/**
 * The supplier's price sheet: the columns of the template (every one formatted as text, so Excel
 * keeps 货号 like 00123 and prices like 12.30 as typed), how each cell is read, and the three
 * workbooks made from it — the empty template, the export of current prices, and the copy of an
 * upload with an error column.
 */

/** Every column is read as text; the service parses and checks each row so it can keep the text of bad rows. */
export const PRICE_SHEET_COLUMNS = [
  { key: 'catalogNo', header: H.catalogNo, required: true },
  { key: 'brand', header: H.brand, required: true },
  { key: 'spec', header: H.spec, required: true, aliases: ['包装', '包装/规格', '规格/包装'] },
  { key: 'price', header: H.price, required: true, aliases: ['单价(元)', '单价', '价格（元）', '价格'] },
  { key: 'stock', header: H.stock },
  { key: 'lead', header: H.lead, aliases: ['货期', '货期（天）', '货期(天)'] },
  // read only for a row that matches no item (新增); older sheets named them 仅供参考
  { key: 'name', header: H.name, aliases: ['商品名称', '商品名称（仅供参考）', '名称'] },
  { key: 'cas', header: H.cas, aliases: ['CAS号', 'CAS', 'CAS号（仅供参考）'] },
  { key: 'unit', header: H.unit, aliases: ['单位'] },
  { key: 'category', header: H.category, aliases: ['分类', '商品分类'] },
] as const satisfies readonly ExcelColumn[];

/** A sheet row as text (what the reader gives and what is stored to show back). */
export interface SheetRowText {
  catalogNo: string;
  brand: string;
  spec: string;
  price: string;
  stock: string;
  lead: string;
  name: string;
  cas: string;
  unit: string;
  category: string;
}

/** Parsed values of a row; stock and lead are null when their cell is empty (left unchanged). */
export interface SheetRowValues {
  price: number;
  stock: number | null;
  lead: number | null;
}

/** Checks one row's cells; the errors name the column as the template prints it. */
export function parseSheetRow(t: SheetRowText): { values: SheetRowValues } | { errors: string[] } {
  const errors: string[] = [];
  if (t.catalogNo.length > 40) errors.push(`${H.catalogNo}最多 40 个字符`);
  if (t.spec.length > 40) errors.push(`${H.spec}最多 40 个字符`);
  const price = parsePrice(t.price);
  if (typeof price !== 'number') errors.push(`${H.price}：${price.error}`);
  const stock = t.stock === '' ? null : parseStock(t.stock);
  if (stock !== null && typeof stock !== 'number') errors.push(`${H.stock}：${stock.error}`);
  const lead = t.lead === '' ? null : parseLeadDays(t.lead);
  if (lead !== null && typeof lead !== 'number') errors.push(`货期：${lead.error}`);
  if (errors.length) return { errors };
  return { values: { price: price as number, stock: stock as number | null, lead: lead as number | null } };
}

function parsePrice(text: string): number | ParseError {
  if (text === '') return { error: '不能为空' };
  const fen = parseYuanToFen(text, { maxFen: MAX_ITEM_PRICE_FEN });
  if (typeof fen !== 'number') return fen;
  if (fen <= 0) return { error: '必须大于 0' };
  return fen;
}

function parseStock(text: string): number | ParseError {
  if (!/^\d{1,7}$/.test(text)) return { error: `“${text}”不是不小于 0 的整数` };
  const n = Number(text);
  if (n > MAX_ITEM_STOCK) return { error: `最多 ${MAX_ITEM_STOCK.toLocaleString('en-US')}` };
  return n;
}

/** Brand and 规格 as a supplier may type them: spaces (also full-width) ignored, any case. */
export const normText = (s: string | null | undefined) => (s ?? '').replace(/[\s\u3000]/g, '').toLowerCase();

/** A row proposing a new item carries at least one of these cells. */
export const hasNewItemCells = (t: SheetRowText) => t.name !== '' || t.unit !== '' || t.category !== '';

/** The new-item cells checked: name, CAS (check digit), unit and a leaf category the platform has. */
export function parseNewItemCells(
  t: SheetRowText,
  category: (text: string) => { id: number; path: string } | ParseError,
): { values: { name: string; cas: string | null; unit: string; categoryId: number; categoryPath: string } } | { errors: string[] } {
  const errors: string[] = [];
  const missing = [t.name === '' && '商品名称', t.unit === '' && '单位', t.category === '' && '分类'].filter(Boolean);
  if (missing.length) errors.push(`新增商品请填写${missing.join('、')}`);
  if (t.name !== '' && (t.name.length < 2 || t.name.length > 100)) errors.push('商品名称应为 2–100 个字');
  if (t.unit.length > 8) errors.push('单位最多 8 个字');
  if (t.unit !== '' && /[\d\s]/.test(t.unit)) errors.push(`单位“${t.unit}”应为计量单位，如 瓶、盒、支`);
  const cas = t.cas === '' ? null : t.cas;
  if (cas !== null && !CAS_PATTERN.test(cas)) errors.push(`CAS号“${cas}”格式不正确，应如 64-17-5`);
  else if (cas !== null && !isValidCas(cas)) errors.push(`CAS号“${cas}”校验位不正确，请核对`);
  const cat = t.category === '' ? null : category(t.category);
  if (cat && 'error' in cat) errors.push(`分类：${cat.error}`);
  if (errors.length || !cat || 'error' in cat) return { errors };
  return { values: { name: t.name, cas, unit: t.unit, categoryId: cat.id, categoryPath: cat.path } };
}

/** 现货 → 0; 7 or 7天 → 7; a range such as 3-5天 → 5 (the buyer plans with the longer one). */
export function parseLeadDays(text: string): number | ParseError {
  const s = text.replace(/\s/g, '');
  if (s === '现货' || s === '有货') return 0;
  const m = /^(?:(\d{1,3})[-~～至])?(\d{1,3})(?:天|日|个工作日|工作日)?$/.exec(s);
  if (!m) return { error: `“${text}”应为天数（如 7、3-5天）或“现货”` };
  const days = Number(m[2]);
  if (m[1] !== undefined && Number(m[1]) > days) return { error: `“${text}”的范围不正确` };
  if (days > MAX_LEAD_DAYS) return { error: `最长 ${MAX_LEAD_DAYS} 天` };
  return days;
}

/** Fen as the sheet shows and reads it back: 1230 → "12.30". */
export const yuanCell = (fen: number | null) => (fen === null ? '' : (fen / 100).toFixed(2));
export const leadCell = (days: number | null) => (days === null ? '' : String(days));

export interface PriceSheetRow {
  catalogNo: string;
  brand: string;
  spec: string;
  name: string;
  cas: string;
  price: string;
  stock: string;
  lead: string;
  unit: string;
  category: string;
  error?: string;
}

function sheetColumns(withError: boolean): SheetColumn<PriceSheetRow>[] {
  const text = (header: string, value: (r: PriceSheetRow) => string, width = 14): SheetColumn<PriceSheetRow> => ({ header, value, width, textFormat: true });
  const cols = [
    text(H.catalogNo, (r) => r.catalogNo, 16),
    text(H.brand, (r) => r.brand, 14),
    text(H.spec, (r) => r.spec, 12),
    text(H.name, (r) => r.name, 28),
    text(H.cas, (r) => r.cas, 14),
    text(H.price, (r) => r.price, 12),
    text(H.stock, (r) => r.stock, 10),
    text(H.lead, (r) => r.lead, 18),
    text(H.unit, (r) => r.unit, 10),
    text(H.category, (r) => r.category, 28),
  ];
  return withError ? [...cols, text('错误原因', (r) => r.error ?? '', 48)] : cols;
}

/** The template, or an export of current prices in it (re-importable as it is). */
export function priceSheet(rows: Iterable<PriceSheetRow>): Promise<Buffer> {
  return writeWorkbook({ name: '价格表', columns: sheetColumns(false), rows });
}

/** The uploaded rows again, each with its error (blank when the row is fine), to fix and upload again. */
export function errorSheet(rows: Iterable<PriceSheetRow>): Promise<Buffer> {
  return writeWorkbook({ name: '价格表（含错误原因）', columns: sheetColumns(true), rows });
}

/** Example rows for the empty template: two price changes, and a new item (单位 and 分类 filled). */
export const TEMPLATE_EXAMPLES: PriceSheetRow[] = [
  { catalogNo: '10009218', brand: '国药', spec: '500mL', name: '无水乙醇', cas: '64-17-5', price: '28.50', stock: '120', lead: '0', unit: '', category: '' },
  { catalogNo: '01234', brand: '麦克林', spec: '25g', name: '氯化钠', cas: '7647-14-5', price: '12.30', stock: '', lead: '3-5天', unit: '', category: '' },
  {
    catalogNo: 'N800001',
    brand: '麦克林',
    spec: '100g',
    name: '硫酸铜',
    cas: '7758-98-7',
    price: '45.00',
    stock: '20',
    lead: '3',
    unit: '瓶',
    category: '化学试剂/无机试剂',
  },
];
