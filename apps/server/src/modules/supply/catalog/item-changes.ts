import { isValidCas } from '@kc/contracts/platform/cas';
import { TAX_RATE_TEXT, type TaxRate } from '@kc/contracts/platform/tax';
import { HAZARD_LABELS } from '@kc/contracts/supply/catalog';
import type { ItemChangeBody } from '@kc/contracts/supply/catalog-supplier-items';
import type { Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import { itemTokens } from '../../../platform/search/tokenize.ts';
import { pictureFor } from '../pictures/index.ts';
import { brandText, hazardsOf } from './item-rules.ts';
import { productKey } from './product-key.ts';

const rateText = (r: string) => TAX_RATE_TEXT[r as TaxRate] ?? `${r}%`;
type Hazard = ItemChangeBody['hazards'][number];

/** A change request as kept in item_pre.payload. */
export interface ChangePayload {
  kind: 'change';
  name: string;
  cas: string | null;
  hazards: Hazard[];
  /** VAT rate code when it changes (absent in requests made before rates existed) */
  taxRate?: string;
  /** what changes, in words, as it was when requested */
  description: string;
}

export const isChange = (payload: unknown): payload is ChangePayload => (payload as { kind?: string }).kind === 'change';

/**
 * A price from a price import that moves more than ±30%, held for the platform (item_pre): the
 * import applied everything else; approving applies this price if the item still has the old one.
 * `kind` comes first so the JSON starts with {"kind":"price" (found with LIKE).
 */
export interface PricePayload {
  kind: 'price';
  importId: number;
  oldPrice: number;
  newPrice: number;
  description: string;
}

export const isPriceChange = (payload: unknown): payload is PricePayload => (payload as { kind?: string }).kind === 'price';

/** A sale campaign (促销) waiting for the platform; approval makes its item_sale row. `kind` first, as above. */
export interface SalePayload {
  kind: 'sale';
  title: string;
  listPrice: number;
  salePrice: number;
  startsAt: string;
  endsAt: string;
  description: string;
}

export const isSale = (payload: unknown): payload is SalePayload => (payload as { kind?: string }).kind === 'sale';

export function salePayload(b: { title: string; salePrice: number; startsAt: string; endsAt: string }, listPrice: number): SalePayload {
  const off = Math.round((1 - b.salePrice / listPrice) * 100);
  return {
    kind: 'sale',
    title: b.title,
    listPrice,
    salePrice: b.salePrice,
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    description: `促销“${b.title}”：${yuan(listPrice)} → ${yuan(b.salePrice)}（降 ${off}%），${b.startsAt} 至 ${b.endsAt}`,
  };
}

/** Applies an approved sale: the item_sale row, refused when the item was deleted meanwhile. */
export async function applySale(trx: Transaction<DB>, pre: { id: number; supplier_id: number; item_id: number }, p: SalePayload, now: string) {
  const item = await trx.selectFrom('item').select(['deleted', 'price']).where('id', '=', pre.item_id).executeTakeFirst();
  if (!item || item.deleted === 1) return fail('STATE_CONFLICT', '该商品已删除，促销不能生效，请驳回此申请');
  await trx
    .insertInto('item_sale')
    .values({
      supplier_id: pre.supplier_id,
      item_id: pre.item_id,
      pre_id: pre.id,
      title: p.title,
      sale_price: p.salePrice,
      starts_at: p.startsAt,
      ends_at: p.endsAt,
      created_at: now,
    })
    .execute();
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

export function pricePayload(importId: number, oldPrice: number, newPrice: number): PricePayload {
  const pct = Math.round(((newPrice - oldPrice) / oldPrice) * 100);
  return { kind: 'price', importId, oldPrice, newPrice, description: `价格导入：${yuan(oldPrice)} → ${yuan(newPrice)}（${pct > 0 ? '+' : ''}${pct}%）` };
}

/** Applies an approved import price, refused when the item's price changed since the import. */
export async function applyPrice(trx: Transaction<DB>, itemId: number, p: PricePayload, by: number, now: string) {
  const r = await trx
    .updateTable('item')
    .set((eb) => ({ price: p.newPrice, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', itemId)
    .where('price', '=', p.oldPrice)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) fail('STATE_CONFLICT', '该商品的价格在导入后已被修改或商品已删除，请驳回此申请');
  await trx
    .insertInto('item_price_history')
    .values({ item_id: itemId, old_price: p.oldPrice, new_price: p.newPrice, source: 'import', changed_by: by, created_at: now })
    .execute();
}

const HAZARD_ORDER: readonly Hazard[] = ['dangerous', 'precursor', 'explosive', 'toxic'];

/** The item's four hazard columns for a list of hazard codes (the inverse of item-rules' hazardsOf). */
export const hazardColumns = (hazards: readonly Hazard[]) => ({
  hazard_dangerous: hazards.includes('dangerous') ? 1 : 0,
  hazard_precursor: hazards.includes('precursor') ? 1 : 0,
  hazard_explosive: hazards.includes('explosive') ? 1 : 0,
  hazard_toxic: hazards.includes('toxic') ? 1 : 0,
});
const hazardText = (hs: readonly string[]) => (hs.length ? hs.map((h) => HAZARD_LABELS[h as Hazard] ?? h).join('、') : '无');

/** The items changes concern, with what their text and picture depend on. */
function changedItems(db: Executor) {
  return db
    .selectFrom('item')
    .leftJoin('brand', 'brand.id', 'item.brand_id')
    .leftJoin('category', 'category.id', 'item.category_id')
    .select([
      'item.id',
      'item.supplier_id',
      'item.name',
      'item.name_en',
      'item.cas',
      'item.grade',
      'item.spec',
      'item.catalog_no',
      'item.images',
      'item.tax_rate',
      'item.deleted',
      'item.price',
      'item.stock',
      'item.unit',
      'item.hazard_dangerous',
      'item.hazard_precursor',
      'item.hazard_explosive',
      'item.hazard_toxic',
      'brand.name as brand_name',
      'brand.name_en as brand_name_en',
      'category.name as category_name',
    ]);
}

export const itemForChange = (db: Executor, itemId: number) => changedItems(db).where('item.id', '=', itemId).executeTakeFirst();

/** Several at once (a page of the review list), by item id. */
export async function itemsForChange(db: Executor, itemIds: number[]): Promise<Map<number, ChangedItem>> {
  if (itemIds.length === 0) return new Map();
  return new Map((await changedItems(db).where('item.id', 'in', itemIds).execute()).map((i) => [i.id, i]));
}
export type ChangedItem = NonNullable<Awaited<ReturnType<typeof itemForChange>>>;

/** What a change alters, in words ("名称：甲 → 乙；CAS 号：无 → 64-17-5"); empty when nothing. */
export function describeChange(item: ChangedItem, c: Omit<ChangePayload, 'description'>): string {
  const parts: string[] = [];
  if (item.name !== c.name) parts.push(`名称：${item.name} → ${c.name}`);
  if ((item.cas ?? null) !== c.cas) parts.push(`CAS 号：${item.cas ?? '无'} → ${c.cas ?? '无'}`);
  const before = hazardText(hazardsOf(item));
  const after = hazardText([...c.hazards].sort((a, b) => HAZARD_ORDER.indexOf(a) - HAZARD_ORDER.indexOf(b)));
  if (before !== after) parts.push(`管制类别：${before} → ${after}`);
  if (c.taxRate && c.taxRate !== item.tax_rate) parts.push(`税率：${rateText(item.tax_rate)} → ${rateText(c.taxRate)}`);
  return parts.join('；');
}

/** The change request to store, refused when it changes nothing or its CAS check digit is wrong. */
export function changePayload(item: ChangedItem, b: ItemChangeBody): { payload: ChangePayload; description: string } {
  if (b.cas && !isValidCas(b.cas)) fail('BAD_REQUEST', 'CAS 号校验位不正确，请核对');
  const wanted = { kind: 'change' as const, name: b.name, cas: b.cas ?? null, hazards: [...new Set(b.hazards)], ...(b.taxRate ? { taxRate: b.taxRate } : {}) };
  const description = describeChange(item, wanted);
  if (!description) fail('BAD_REQUEST', '名称、CAS 号、管制类别与税率都没有变化，无需审核');
  return { payload: { ...wanted, description }, description };
}

/**
 * Applies an approved change inside the review's transaction: name, CAS and flags, the search
 * tokens and product key that follow from them, and the picture when it was the catalog's own
 * drawing (a structure or category picture, not an uploaded photo).
 */
export async function applyChange(trx: Transaction<DB>, itemId: number, c: ChangePayload, now: string) {
  const item = await itemForChange(trx, itemId);
  if (!item || item.deleted === 1) return fail('STATE_CONFLICT', '该商品已删除，修改不能生效');
  const brand = item.brand_name ? brandText({ name: item.brand_name, name_en: item.brand_name_en }) : null;
  const source = { name: c.name, name_en: item.name_en, grade: item.grade, spec: item.spec, catalog_no: item.catalog_no };
  const drawn = /^\["\/mall\/v1\/noauth\/picture\/(cas|cat)-[^"]*"\]$/.test(item.images) || item.images === '[]';
  await trx
    .updateTable('item')
    .set((eb) => ({
      name: c.name,
      cas: c.cas,
      ...hazardColumns(c.hazards),
      ...(c.taxRate ? { tax_rate: c.taxRate } : {}),
      tokens: itemTokens(source, brand, item.category_name),
      product_key: productKey({ brandName: item.brand_name, catalogNo: item.catalog_no, cas: c.cas, grade: item.grade, itemId }),
      ...(drawn ? { images: JSON.stringify([pictureFor(c.cas, item.category_name)]) } : {}),
      version: eb('version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', itemId)
    .execute();
}
