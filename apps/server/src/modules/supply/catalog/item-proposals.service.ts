import { isValidCas } from '@kc/contracts/platform/cas';
import { DEFAULT_TAX_RATE } from '@kc/contracts/platform/tax';
import { ITEM_PRE_STATUS, type ItemChangeBody, type ItemProposalBody } from '@kc/contracts/supply/catalog-supplier-items';
import type { Caller } from '../../../platform/auth/access.ts';
import { ownSupplier } from '../../../platform/auth/admin-scope.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { fail } from '../../../platform/http/errors.ts';
import { itemTokens } from '../../../platform/search/tokenize.ts';
import { isDrawableSmiles, pictureFor } from '../pictures/index.ts';
import {
  type ChangedItem,
  type ChangePayload,
  changePayload,
  hazardColumns,
  isChange,
  isPriceChange,
  isSale,
  type PricePayload,
  type SalePayload,
} from './item-changes.ts';
import type { ItemProposalsRepository } from './item-proposals.repository.ts';
import { brandText, hazardsOf } from './item-rules.ts';
import { productKey } from './product-key.ts';

/**
 * New items through platform review (item_pre): the supplier proposes an item; the platform
 * approves it (the item is made, on the shelf, with its structure picture and search tokens, in
 * the same transaction) or refuses it with a reason the supplier reads. A proposal for a brand and
 * 货号 the supplier already sells, or already proposed and pending, is refused at once.
 */
export class ItemProposalsService {
  constructor(
    private readonly repo: ItemProposalsRepository,
    /** the tax rates offered (the tax_rate dictionary); absent: every rate the contract knows */
    private readonly taxRates?: () => Promise<string[]>,
  ) {}

  /** A rate the platform no longer offers (hidden or disabled in the tax_rate dictionary) is refused; read before any transaction. */
  private async offered(rate: string | undefined, current?: string) {
    if (!rate || rate === current || !this.taxRates) return;
    if (!(await this.taxRates()).includes(rate)) fail('BAD_REQUEST', `税率“${rate === '免税' ? rate : `${rate}%`}”已停用，请选择其他税率`);
  }

  /** `self`: the proposal being approved, which is not its own duplicate. */
  private async checkProposal(r: ItemProposalsRepository, supplierId: number, b: ItemProposalBody, self?: number) {
    if (b.cas && !isValidCas(b.cas)) fail('BAD_REQUEST', 'CAS 号校验位不正确，请核对');
    if (b.smiles && !(await isDrawableSmiles(b.smiles))) fail('BAD_REQUEST', '结构式（SMILES）无法解析，请核对或留空');
    const brand = await r.brand(b.brandId);
    if (!brand) fail('BAD_REQUEST', '品牌不存在');
    const category = await r.category(b.categoryId);
    const leaf = category && !(await r.hasChildren(b.categoryId));
    if (!category || !leaf) fail('BAD_REQUEST', '请选择最末一级的商品分类');
    if (await r.sells(supplierId, b.brandId, b.catalogNo)) fail('BAD_REQUEST', '已有相同品牌与货号的商品，请在商品管理中修改它');
    const pending = await r.pendingOf(supplierId);
    const same = (p: { id: number; payload: string }) => {
      const x = JSON.parse(p.payload) as ItemProposalBody;
      return p.id !== self && x.brandId === b.brandId && x.catalogNo === b.catalogNo;
    };
    if (pending.some(same)) fail('BAD_REQUEST', '相同品牌与货号的商品已在审核中');
    return { brand: brand as NonNullable<typeof brand>, category: category as NonNullable<typeof category> };
  }

  async propose(w: Who, b: ItemProposalBody) {
    const supplierId = ownSupplier(w.caller);
    await this.offered(b.taxRate);
    return this.repo.inTransaction(async (r) => {
      await this.checkProposal(r, supplierId, b);
      const id = await r.insert({ supplierId, payload: b, by: w.caller.userId, now: nowIso() });
      await r.audit({
        userId: w.caller.userId,
        action: 'itemPre.add',
        target: `itemPre:${id}`,
        detail: { name: b.name, catalogNo: b.catalogNo },
        ip: w.ip,
      });
      return { id };
    });
  }

  /** A change to the name, CAS or regulated flags of an item on sale, held for review; one pending per item. */
  async requestChange(w: Who, b: ItemChangeBody) {
    const supplierId = ownSupplier(w.caller);
    // the item's own rate may stay even when no longer offered
    const current = await this.repo.itemForChange(b.itemId);
    await this.offered(b.taxRate, current?.tax_rate);
    return this.repo.inTransaction(async (r) => {
      const item = await r.itemForChange(b.itemId);
      if (!item || item.supplier_id !== supplierId || item.deleted === 1) return fail('NOT_FOUND', '商品不存在');
      const { payload, description } = changePayload(item, b);
      if (await r.changePending(b.itemId)) fail('BAD_REQUEST', '该商品已有修改在审核中，请等待审核结果');
      const id = await r.insert({ supplierId, itemId: b.itemId, payload, by: w.caller.userId, now: nowIso() });
      await r.audit({ userId: w.caller.userId, action: 'itemPre.change', target: `item:${b.itemId}`, detail: { description }, ip: w.ip });
      return { id };
    });
  }

  /** The supplier's own proposals, or (supplierId null) every supplier's for the platform. */
  async page(supplierId: number | null, q: { status?: number; keyword?: string; current: number; size: number }) {
    const { rows, total } = await this.repo.page(supplierId, q, q.size, (q.current - 1) * q.size);
    const parsed = rows.map((r) => JSON.parse(r.payload) as ItemProposalBody | ChangePayload | PricePayload | SalePayload);
    // a change, a price review or a sale concerns an item on sale; a proposal does not (yet)
    const onItem = (p: unknown): p is ChangePayload | PricePayload | SalePayload => isChange(p) || isPriceChange(p) || isSale(p);
    // a change shows the item as it is, with the requested name, CAS and flags over it (one query for the page)
    const items = await this.repo.itemsForChange(rows.filter((r, i) => r.item_id !== null && onItem(parsed[i])).map((r) => r.item_id as number));
    const changed = new Map(rows.flatMap((r) => (r.item_id !== null && items.has(r.item_id) ? [[r.id, items.get(r.item_id) as ChangedItem] as const] : [])));
    const payloads = parsed.map((p, i) => (onItem(p) ? this.asProposal(changed.get(rows[i].id), p) : p));
    const brandIds = [...new Set(payloads.map((p) => p.brandId))];
    const categoryIds = [...new Set(payloads.map((p) => p.categoryId))];
    const [brands, categories] = await Promise.all([this.repo.brandNames(brandIds), this.repo.categoryNames(categoryIds)]);
    return {
      records: rows.map((r, i) => {
        const p = payloads[i];
        const raw = parsed[i];
        const change = onItem(raw) ? raw : null;
        const item = changed.get(r.id);
        return {
          id: r.id,
          kind: isSale(raw) ? ('sale' as const) : isPriceChange(raw) ? ('price' as const) : change ? ('change' as const) : ('new' as const),
          changes: change ? change.description : null,
          supplierName: r.company_name,
          name: p.name,
          nameEn: p.nameEn ?? null,
          cas: p.cas ?? null,
          brand: (item ? item.brand_name : brands.find((x) => x.id === p.brandId)?.name) ?? '—',
          catalogNo: p.catalogNo,
          spec: p.spec,
          grade: p.grade ?? null,
          unit: item ? item.unit : p.unit,
          category: (item ? item.category_name : categories.find((x) => x.id === p.categoryId)?.name) ?? '—',
          price: isPriceChange(raw) ? raw.newPrice : isSale(raw) ? raw.salePrice : item ? Number(item.price) : p.price,
          stock: item ? item.stock : p.stock,
          hazards: p.hazards,
          status: r.status,
          refuseReason: r.refuse_reason,
          itemId: r.item_id,
          submittedAt: r.submitted_at,
          reviewedAt: r.reviewed_at,
        };
      }),
      total,
      current: q.current,
      size: q.size,
    };
  }

  /** A change request's row in the shape of a proposal: the item's own fields, the requested ones over them. */
  private asProposal(item: ChangedItem | undefined, c: ChangePayload | PricePayload | SalePayload): ItemProposalBody {
    const wanted = isChange(c) ? c : { name: item?.name ?? '—', cas: item?.cas ?? null, hazards: item ? (hazardsOf(item) as ChangePayload['hazards']) : [] };
    return {
      name: wanted.name,
      nameEn: item?.name_en ?? undefined,
      cas: wanted.cas ?? undefined,
      brandId: 0,
      catalogNo: item?.catalog_no ?? '',
      spec: item?.spec ?? '',
      grade: item?.grade ?? undefined,
      unit: '',
      categoryId: 0,
      price: 0,
      stock: 0,
      hazards: wanted.hazards,
    };
  }

  supplierPage(c: Caller, q: { status?: number; keyword?: string; current: number; size: number }) {
    return this.page(ownSupplier(c), q);
  }

  /** assertItemById / assertItemBatch: each pending proposal approved (the item made) or refused; all or nothing. */
  async review(w: Who, ids: number[], pass: boolean, reason: string | undefined) {
    const unique = [...new Set(ids)];
    return this.repo.inTransaction(async (tx) => {
      const rows = await tx.byIds(unique);
      if (rows.length !== unique.length) fail('NOT_FOUND', '商品申请不存在');
      if (rows.some((r) => r.status !== ITEM_PRE_STATUS.PENDING)) fail('STATE_CONFLICT', '所选申请中有已审核的，请刷新后重试');
      const now = nowIso();
      const made: number[] = [];
      for (const r of rows) {
        let itemId: number | null = null;
        const payload = JSON.parse(r.payload) as ItemProposalBody | ChangePayload | PricePayload | SalePayload;
        if (pass && isChange(payload) && r.item_id !== null) {
          await tx.applyChange(r.item_id, payload, now);
          itemId = r.item_id;
        } else if (pass && isSale(payload) && r.item_id !== null) {
          await tx.applySale({ id: r.id, supplier_id: r.supplier_id, item_id: r.item_id }, payload, now);
          itemId = r.item_id;
        } else if (pass && isPriceChange(payload) && r.item_id !== null) {
          await tx.applyPrice(r.item_id, payload, w.caller.userId, now);
          itemId = r.item_id;
        } else if (pass) {
          const b = payload as ItemProposalBody;
          // checked again: the catalog may have changed since the proposal (another approval, a deletion)
          const { brand, category } = await this.checkProposal(tx, r.supplier_id, b, r.id);
          itemId = await this.makeItem(tx, r.supplier_id, b, brand, category.name, now);
          made.push(itemId);
        }
        const moved = await tx.decide(r.id, {
          status: pass ? ITEM_PRE_STATUS.APPROVED : ITEM_PRE_STATUS.REFUSED,
          refuse_reason: pass ? null : (reason ?? null),
          item_id: itemId,
          reviewed_by: w.caller.userId,
          reviewed_at: now,
        });
        if (!moved) fail('STATE_CONFLICT', '所选申请中有已审核的，请刷新后重试');
        await tx.audit({
          userId: w.caller.userId,
          action: pass ? 'itemPre.approve' : 'itemPre.refuse',
          target: `itemPre:${r.id}`,
          detail: pass ? { itemId } : { reason },
          ip: w.ip,
        });
      }
      return { itemIds: made };
    });
  }

  private async makeItem(
    r: ItemProposalsRepository,
    supplierId: number,
    b: ItemProposalBody,
    brand: { name: string; name_en: string | null },
    categoryName: string,
    now: string,
  ) {
    const source = { name: b.name, name_en: b.nameEn ?? null, grade: b.grade ?? null, spec: b.spec, catalog_no: b.catalogNo };
    const id = await r.insertItem({
      supplier_id: supplierId,
      name: b.name,
      name_en: b.nameEn ?? null,
      cas: b.cas ?? null,
      brand_id: b.brandId,
      catalog_no: b.catalogNo,
      spec: b.spec,
      pack_amount: null,
      pack_unit: null,
      grade: b.grade ?? null,
      unit: b.unit,
      price: b.price,
      stock: b.stock,
      lead_days: b.leadDays ?? null,
      category_id: b.categoryId,
      section_id: null,
      images: '[]',
      ...hazardColumns(b.hazards),
      tax_rate: b.taxRate ?? DEFAULT_TAX_RATE,
      supply_areas: '',
      on_shelf: 1,
      deleted: 0,
      sales: 0,
      product_key: productKey({ brandName: brand.name, catalogNo: b.catalogNo, cas: b.cas ?? null, grade: b.grade ?? null }),
      tokens: itemTokens(source, brandText(brand), categoryName),
      version: 1,
      created_at: now,
      updated_at: now,
    });
    // the supplier's own structure, else the catalog's structure for the CAS, else the category's drawing
    const picture = b.smiles ? await r.storeStructure(id, b.smiles) : pictureFor(b.cas ?? null, categoryName);
    await r.setImages(id, [picture]);
    return id;
  }
}
