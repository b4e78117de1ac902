import {
  SHOP_REVIEW,
  type ShopBannerBody,
  type ShopContentKind,
  type ShopNoticeBody,
  type ShopProfileBody,
  type ShopSectionBody,
} from '@kc/contracts/supply/shop';
import type { Caller } from '../../../platform/auth/access.ts';
import { ownSupplier } from '../../../platform/auth/admin-scope.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { fail } from '../../../platform/http/errors.ts';
import { sanitizeRichText } from '../../../platform/sanitize.ts';
import { transition } from '../../../platform/transitions.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { ItemSections } from '../catalog/index.ts';
import type { ShopContentRepository } from './shop-content.repository.ts';
import { type BannerPending, type ListKind, NOT_FOUND, type NoticePending, type ProfilePending, type Row, type SectionPending, TABLE_OF } from './shop-rows.ts';
import { SHOP_REVIEW_CODE, SHOP_REVIEW_TRANSITIONS, shopReviewStateOf } from './shop-states.ts';

/** The state a supplier's submit or withdraw leads to, or a refusal when the table forbids it. */
function supplierMove(current: number, action: 'submit' | 'withdraw'): number {
  const to = transition(SHOP_REVIEW_TRANSITIONS, shopReviewStateOf(current), action, 'supplier');
  if (!to) return fail('STATE_CONFLICT', action === 'withdraw' ? '只有待审核的内容可以撤回' : '当前状态不能提交');
  return SHOP_REVIEW_CODE[to];
}

/**
 * 店铺管理 for the supplier: its shop profile, sections, banners and notices. Every submission
 * goes to platform review as `pending` beside the shown version; deleting takes a thing down at
 * once (taking content down needs no review). Only the caller's own shop is ever read or written.
 */
export class ShopContentService {
  constructor(
    private readonly repo: ShopContentRepository,
    private readonly files: FilesService,
    /** the section an item sits in is a column of catalog's item: moved through catalog, in this module's transaction */
    private readonly itemSections: ItemSections,
  ) {}

  private async ownShopId(r: ShopContentRepository, supplierId: number) {
    const shop = await r.shopOf(supplierId);
    if (!shop) return fail('BAD_REQUEST', '请先在“店铺信息”中填写店铺名称并提交审核');
    return shop.id;
  }

  /**
   * A picture the caller uploaded for the shop, or one the thing already has. Checked before the
   * write's transaction: the files service reads outside it (SQLite has one writer connection).
   */
  private async checkImage(fileId: number | null | undefined, keep: (number | null | undefined)[], userId: number) {
    if (!fileId || keep.includes(fileId)) return;
    await this.files.mustBeAttachable([fileId], 'shop', userId);
  }

  private url(id: number | null) {
    return id ? this.files.signedUrl(id) : null;
  }

  // ── profile ──────────────────────────────────────────────────────────

  async profile(c: Caller) {
    const shop = await this.repo.shopOf(ownSupplier(c));
    if (!shop) return null;
    const p = shop.pending ? (JSON.parse(shop.pending) as ProfilePending) : null;
    return {
      id: shop.id,
      status: shop.review_status,
      refuseReason: shop.refuse_reason,
      live: shop.status === 1,
      submittedAt: shop.submitted_at,
      reviewedAt: shop.reviewed_at,
      name: shop.name,
      intro: shop.intro,
      logoFileId: shop.logo_file_id,
      logoUrl: this.url(shop.logo_file_id),
      pending: p && shop.review_status !== SHOP_REVIEW.APPROVED ? { ...p, logoUrl: this.url(p.logoFileId) } : null,
    };
  }

  /** A first profile opens a shop that stays closed until the platform approves it. */
  async submitProfile(w: Who, b: ShopProfileBody) {
    const supplierId = ownSupplier(w.caller);
    const p: ProfilePending = { name: b.name, intro: b.intro || null, logoFileId: b.logoFileId ?? null };
    const known = await this.repo.shopOf(supplierId);
    await this.checkImage(p.logoFileId, [known?.logo_file_id, known?.pending_logo_file_id], w.caller.userId);
    return this.repo.inTransaction(async (r) => {
      const shop = await r.shopOf(supplierId);
      const now = nowIso();
      let id: number;
      if (!shop) {
        id = await r.openShop(supplierId, p, now);
      } else {
        id = shop.id;
        await r.submitProfile(id, supplierMove(shop.review_status, 'submit'), p, now);
      }
      await r.logReview({ shopId: id, kind: 'profile', targetId: id, action: 'submit', to: SHOP_REVIEW.PENDING, actorId: w.caller.userId });
      await r.audit({ userId: w.caller.userId, action: 'shop.profile.submit', target: `shop:${id}`, detail: { name: p.name }, ip: w.ip });
      return { id };
    });
  }

  // ── sections, banners, notices ──────────────────────────────────────

  /** One page of the caller's own sections, banners or notices (not deleted), newest first. */
  private async rows(c: Caller, kind: ListKind, q: { status?: number; current: number; size: number }) {
    const shop = await this.repo.shopOf(ownSupplier(c));
    if (!shop) return { rows: [] as Row[], total: 0 };
    return this.repo.page(kind, shop.id, q.status, q.size, (q.current - 1) * q.size);
  }

  private review(r: Row) {
    return { id: r.id, status: r.review_status, refuseReason: r.refuse_reason, live: r.live === 1, submittedAt: r.submitted_at, reviewedAt: r.reviewed_at };
  }

  /** A pending, refused or withdrawn version, shown beside the approved one. */
  private waiting<T>(r: Row): T | null {
    return r.pending && r.review_status !== SHOP_REVIEW.APPROVED ? (JSON.parse(r.pending) as T) : null;
  }

  async sections(c: Caller, q: { status?: number; current: number; size: number }) {
    const { rows, total } = await this.rows(c, 'section', q);
    const ids = rows.map((r) => r.id);
    const counts = await this.repo.itemCounts(ids);
    const records = rows.map((r) => ({
      ...this.review(r),
      name: r.name as string,
      sort: r.sort as number,
      startAt: r.start_at,
      endAt: r.end_at,
      itemCount: Number(counts.find((x) => x.section_id === r.id)?.n ?? 0),
      pending: this.waiting<SectionPending>(r),
    }));
    return { records, total, current: q.current, size: q.size };
  }

  async banners(c: Caller, q: { status?: number; current: number; size: number }) {
    const { rows, total } = await this.rows(c, 'banner', q);
    const records = rows.map((r) => {
      const p = this.waiting<BannerPending>(r);
      return {
        ...this.review(r),
        title: r.title as string,
        imageFileId: r.image_file_id ?? null,
        imageUrl: this.url(r.image_file_id ?? null),
        linkUrl: r.link_url ?? null,
        sort: r.sort as number,
        startAt: r.start_at,
        endAt: r.end_at,
        pending: p ? { ...p, imageUrl: this.url(p.imageFileId) } : null,
      };
    });
    return { records, total, current: q.current, size: q.size };
  }

  async notices(c: Caller, q: { status?: number; current: number; size: number }) {
    const { rows, total } = await this.rows(c, 'notice', q);
    const records = rows.map((r) => ({
      ...this.review(r),
      title: r.title as string,
      content: r.content as string,
      startAt: r.start_at,
      endAt: r.end_at,
      pending: this.waiting<NoticePending>(r),
    }));
    return { records, total, current: q.current, size: q.size };
  }

  /** Adds (no id) or changes (id) a section, banner or notice; either way it waits for review. */
  private async submit(w: Who, kind: ListKind, id: number | undefined, p: SectionPending | BannerPending | NoticePending, columns: Record<string, unknown>) {
    const supplierId = ownSupplier(w.caller);
    const table = TABLE_OF[kind];
    if (kind === 'banner') {
      const before = id === undefined ? undefined : await this.repo.bannerImages(id);
      await this.checkImage((p as BannerPending).imageFileId, [before?.image_file_id, before?.pending_image_file_id], w.caller.userId);
    }
    return this.repo.inTransaction(async (r) => {
      const shopId = await this.ownShopId(r, supplierId);
      const now = nowIso();
      let targetId: number;
      if (id === undefined) {
        targetId = await r.insertRow(kind, shopId, columns, p, now);
      } else {
        const row = await r.ownRow(kind, shopId, id);
        if (!row) return fail('NOT_FOUND', NOT_FOUND[kind]);
        const to = supplierMove(row.review_status, 'submit');
        // a thing never approved shows its proposal in its own columns (nobody else sees them)
        const own = row.live === 1 ? {} : columns;
        await r.submitRow(kind, id, to, own, p, now);
        targetId = id;
      }
      await r.logReview({ shopId, kind, targetId, action: 'submit', to: SHOP_REVIEW.PENDING, actorId: w.caller.userId });
      await r.audit({ userId: w.caller.userId, action: `shop.${kind}.submit`, target: `${table}:${targetId}`, detail: p, ip: w.ip });
      return { id: targetId };
    });
  }

  saveSection(w: Who, b: ShopSectionBody) {
    const p: SectionPending = { name: b.name, sort: b.sort, startAt: b.startAt ?? null, endAt: b.endAt ?? null };
    return this.submit(w, 'section', b.id, p, { name: p.name, sort: p.sort, start_at: p.startAt, end_at: p.endAt });
  }

  saveBanner(w: Who, b: ShopBannerBody) {
    const p: BannerPending = {
      title: b.title,
      imageFileId: b.imageFileId,
      linkUrl: b.linkUrl || null,
      sort: b.sort,
      startAt: b.startAt ?? null,
      endAt: b.endAt ?? null,
    };
    return this.submit(w, 'banner', b.id, p, {
      title: p.title,
      image_file_id: p.imageFileId,
      link_url: p.linkUrl,
      sort: p.sort,
      start_at: p.startAt,
      end_at: p.endAt,
    });
  }

  saveNotice(w: Who, b: ShopNoticeBody) {
    const content = sanitizeRichText(b.content).trim();
    if (!content) fail('BAD_REQUEST', '公告内容不能为空（已去除不允许的标签）');
    const p: NoticePending = { title: b.title, content, startAt: b.startAt ?? null, endAt: b.endAt ?? null };
    return this.submit(w, 'notice', b.id, p, { title: p.title, content, start_at: p.startAt, end_at: p.endAt });
  }

  /** Takes a pending submission back; what shows keeps showing. */
  async withdraw(w: Who, kind: ShopContentKind, id: number) {
    const supplierId = ownSupplier(w.caller);
    await this.repo.inTransaction(async (r) => {
      const shop = await r.shopOf(supplierId);
      if (!shop) return fail('NOT_FOUND', NOT_FOUND[kind]);
      let current: number;
      if (kind === 'profile') {
        if (id !== shop.id) return fail('NOT_FOUND', NOT_FOUND.profile);
        current = shop.review_status;
      } else {
        const row = await r.ownRow(kind, shop.id, id);
        if (!row) return fail('NOT_FOUND', NOT_FOUND[kind]);
        current = row.review_status;
      }
      const to = supplierMove(current, 'withdraw');
      await r.setReviewStatus(kind, id, to);
      await r.logReview({ shopId: shop.id, kind, targetId: id, action: 'withdraw', to, actorId: w.caller.userId });
      await r.audit({ userId: w.caller.userId, action: `shop.${kind}.withdraw`, target: `${TABLE_OF[kind]}:${id}`, ip: w.ip });
    });
  }

  /** Takes things down at once; a deleted section's items return to 全部商品 only. All or nothing. */
  async remove(w: Who, kind: ListKind, ids: number[]) {
    const supplierId = ownSupplier(w.caller);
    const table = TABLE_OF[kind];
    await this.repo.inTransaction(async (r, trx) => {
      const shopId = await this.ownShopId(r, supplierId);
      const unique = [...new Set(ids)];
      const found = await r.ownIds(kind, shopId, unique);
      if (found.length !== unique.length) return fail('NOT_FOUND', NOT_FOUND[kind]);
      await r.markDeleted(kind, unique);
      if (kind === 'section') await this.itemSections.within(trx).empty(supplierId, unique);
      await r.audit({ userId: w.caller.userId, action: `shop.${kind}.delete`, target: `${table}:${unique.join(',')}`, ip: w.ip });
    });
  }

  /** Puts the caller's own items into one of its sections (or none); a foreign id fails the whole batch. */
  async assignItems(w: Who, sectionId: number | null, itemIds: number[]) {
    const supplierId = ownSupplier(w.caller);
    const unique = [...new Set(itemIds)];
    await this.repo.inTransaction(async (r, trx) => {
      const shopId = await this.ownShopId(r, supplierId);
      if (sectionId !== null && !(await r.sectionExists(shopId, sectionId))) return fail('NOT_FOUND', NOT_FOUND.section);
      const items = await r.ownItems(supplierId, unique);
      if (items.length !== unique.length) return fail('NOT_FOUND', '商品不存在');
      await this.itemSections.within(trx).place(supplierId, unique, sectionId);
      await r.audit({
        userId: w.caller.userId,
        action: 'shop.section.items',
        target: `shop_section:${sectionId ?? 0}`,
        detail: { count: unique.length },
        ip: w.ip,
      });
    });
  }
}
