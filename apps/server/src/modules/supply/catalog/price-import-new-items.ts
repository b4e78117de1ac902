import { ItemProposalBody } from '@kc/contracts/supply/catalog-supplier-items';
import { fail } from '../../../platform/http/errors.ts';
import type { PriceImportsRepository } from './price-imports.repository.ts';
import { normText as norm, parseNewItemCells, type SheetRowText, type SheetRowValues } from './price-sheet.ts';

/**
 * 新增 rows of a price sheet: a row matching none of the supplier's items that carries 商品名称,
 * 单位 and 分类 proposes a new item. Checked at upload with everything 新增商品 checks; made into
 * item proposals (item_pre, waiting for 商品审核) inside the confirmation's transaction.
 */

type LiveItem = Awaited<ReturnType<PriceImportsRepository['itemsByCatalogNo']>>[number];
type StoredRow = Awaited<ReturnType<PriceImportsRepository['allRows']>>[number];

/** a supplier sells one item per brand and 货号 among new ones (as 新增商品 checks); as pendingProposalKeys writes it */
const proposalKey = (brandId: number, catalogNo: string) => `${brandId}|${catalogNo}`;

/**
 * What a new-item row needs besides its cells: a brand the platform has, no live item or pending
 * proposal of the supplier with that brand and 货号 (approval would refuse it), and no other new
 * row of the sheet with them. The proposal is checked as 新增商品 checks its form.
 */
export async function newItemChecks(repo: PriceImportsRepository, supplierId: number, items: LiveItem[]) {
  const [brands, categories, pending] = await Promise.all([repo.brands(), repo.categories(), repo.pendingProposalKeys(supplierId)]);
  const brandOf = new Map<string, number>();
  for (const b of brands) for (const name of [b.name_en, b.name]) if (name) brandOf.set(norm(name), b.id);
  const live = new Map<string, string[]>();
  for (const it of items) {
    const key = proposalKey(it.brand_id ?? 0, it.catalog_no ?? '');
    live.set(key, [...(live.get(key) ?? []), it.spec]);
  }
  const firstNewRow = new Map<string, number>();
  const check = (row: number, t: SheetRowText, v: SheetRowValues | null): { proposal: ItemProposalBody } | { errors: string[] } => {
    const errors: string[] = [];
    const brandId = brandOf.get(norm(t.brand));
    if (brandId === undefined) errors.push(`品牌“${t.brand}”不在平台品牌库中，新增商品请先联系平台添加该品牌`);
    const cells = parseNewItemCells(t, categories.resolve);
    if ('errors' in cells) errors.push(...cells.errors);
    if (brandId !== undefined) {
      const key = proposalKey(brandId, t.catalogNo);
      const same = live.get(key);
      if (same) errors.push(`已有该品牌与货号的商品（规格 ${same.slice(0, 3).join('、')}），请核对规格；同一货号不能再新增一个规格`);
      else if (pending.has(key)) errors.push('相同品牌与货号的商品已在审核中');
      const first = firstNewRow.get(key);
      if (first !== undefined) errors.push(`与第 ${first} 行品牌与货号相同，同一货号只能新增一次`);
      else firstNewRow.set(key, row);
    }
    if (errors.length || 'errors' in cells || brandId === undefined || !v) return { errors };
    const body = ItemProposalBody.safeParse({
      name: cells.values.name,
      cas: cells.values.cas ?? undefined,
      brandId,
      catalogNo: t.catalogNo,
      spec: t.spec,
      unit: cells.values.unit,
      categoryId: cells.values.categoryId,
      price: v.price,
      stock: v.stock ?? 0,
      leadDays: v.lead ?? undefined,
      hazards: [],
    });
    if (!body.success) return { errors: body.error.issues.map((i) => i.message) };
    return { proposal: body.data };
  };
  return { check };
}

/**
 * The sheet's new items as proposals waiting for the platform (商品审核), each linked from its
 * row. Refused as a whole when, since the preview, the supplier came to sell or propose an item
 * of the same brand and 货号 (the review would refuse it).
 */
export async function proposeNewItems(r: PriceImportsRepository, supplierId: number, rows: StoredRow[], by: number, now: string) {
  const news = rows.filter((x) => x.change === 'new' && x.proposal);
  if (news.length === 0) return 0;
  const bodies = news.map((x) => JSON.parse(x.proposal as string) as ItemProposalBody);
  const pending = await r.pendingProposalKeys(supplierId);
  const live = await r.itemsByCatalogNo(supplierId, [...new Set(bodies.map((b) => b.catalogNo))]);
  const taken = new Set([...pending, ...live.map((it) => proposalKey(it.brand_id ?? 0, it.catalog_no ?? ''))]);
  for (const b of bodies)
    if (taken.has(proposalKey(b.brandId, b.catalogNo))) fail('STATE_CONFLICT', `货号 ${b.catalogNo} 在预览后已有商品或新增申请，本次导入未生效，请重新上传`);
  for (const [i, b] of bodies.entries()) {
    const preId = await r.insertProposal({ supplier_id: supplierId, payload: JSON.stringify(b), submitted_by: by, submitted_at: now });
    await r.linkProposal(news[i].id, preId);
  }
  return news.length;
}
