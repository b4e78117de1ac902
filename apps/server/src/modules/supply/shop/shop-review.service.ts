import { SHOP_CONTENT_KIND_LABEL, SHOP_REVIEW, type ShopContentKind, type ShopReviewVO } from '@kc/contracts/supply/shop';
import type { Kysely, Transaction } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { containsText } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import { transition } from '../../../platform/transitions.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import {
  type BannerPending,
  type ListKind,
  logReview,
  NOT_FOUND,
  type NoticePending,
  type ProfilePending,
  type Row,
  type SectionPending,
  TABLE_OF,
} from './shop-content.service.ts';
import { SHOP_REVIEW_CODE, SHOP_REVIEW_TRANSITIONS, shopReviewStateOf } from './shop-states.ts';

/** The queue holds what is pending now, a handful per supplier; it is merged and paged in memory. */
const QUEUE_SCAN = 2000;

/**
 * 店铺内容审核: the platform's queue of pending shop profiles, sections, banners and notices of
 * every supplier, and the decision on them. Approving copies the waiting version over the shown
 * one; refusing keeps the shown one and tells the supplier why.
 */
export class ShopReviewService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly files: FilesService,
    private readonly messages: MessagesService,
  ) {}

  private url(id: number | null | undefined) {
    return id ? this.files.signedUrl(id) : null;
  }

  async queue(q: { kind?: ShopContentKind; supplierName?: string; current: number; size: number }) {
    const kinds = q.kind ? [q.kind] : (['profile', 'section', 'banner', 'notice'] as const);
    const all: ShopReviewVO[] = [];
    for (const kind of kinds) {
      const table = TABLE_OF[kind];
      // sections, banners and notices reach their supplier through the shop
      const rows = await (kind === 'profile'
        ? this.db
            .selectFrom('shop as t')
            .innerJoin('supplier', 'supplier.id', 't.supplier_id')
            .selectAll('t')
            .select(['supplier.company_name', 't.name as shop_name', 't.status as live'])
            .where('t.review_status', '=', SHOP_REVIEW.PENDING)
            .$if(!!q.supplierName, (b) => b.where(containsText('supplier.company_name', q.supplierName ?? '')))
            .orderBy('t.submitted_at')
            .limit(QUEUE_SCAN)
            .execute()
        : this.db
            .selectFrom(`${table} as t` as 'shop_banner as t')
            .innerJoin('shop', 'shop.id', 't.shop_id')
            .innerJoin('supplier', 'supplier.id', 'shop.supplier_id')
            .selectAll('t')
            .select(['supplier.company_name', 'shop.name as shop_name', 'shop.supplier_id'])
            .where('t.review_status', '=', SHOP_REVIEW.PENDING)
            .where('t.deleted', '=', 0)
            .$if(!!q.supplierName, (b) => b.where(containsText('supplier.company_name', q.supplierName ?? '')))
            .orderBy('t.submitted_at')
            .limit(QUEUE_SCAN)
            .execute());
      for (const raw of rows as unknown as (Row & Record<string, unknown>)[]) all.push(this.queueRow(kind, raw));
    }
    all.sort((a, b) => a.submittedAt.localeCompare(b.submittedAt) || a.id - b.id);
    const start = (q.current - 1) * q.size;
    return { records: all.slice(start, start + q.size), total: all.length, current: q.current, size: q.size };
  }

  private queueRow(kind: ShopContentKind, r: Row & Record<string, unknown>): ShopReviewVO {
    const p = JSON.parse(r.pending ?? '{}');
    const base = {
      kind,
      id: r.id,
      supplierId: r.supplier_id as number,
      supplierName: r.company_name as string,
      shopName: r.shop_name as string,
      isNew: r.live !== 1,
      submittedAt: r.submitted_at ?? '',
      linkUrl: null,
      startAt: null,
      endAt: null,
      imageUrl: null,
      content: null,
    };
    const current = (title: string, content: string | null, imageUrl: string | null) => (base.isNew ? null : { title, content, imageUrl });
    if (kind === 'profile') {
      const x = p as ProfilePending;
      return {
        ...base,
        title: x.name,
        content: x.intro,
        imageUrl: this.url(x.logoFileId),
        current: current(r.name as string, (r.intro as string | null) ?? null, this.url(r.logo_file_id as number | null)),
      };
    }
    if (kind === 'section') {
      const x = p as SectionPending;
      return {
        ...base,
        title: x.name,
        content: `排序 ${x.sort}`,
        startAt: x.startAt,
        endAt: x.endAt,
        current: current(r.name as string, `排序 ${r.sort}`, null),
      };
    }
    if (kind === 'banner') {
      const x = p as BannerPending;
      return {
        ...base,
        title: x.title,
        imageUrl: this.url(x.imageFileId),
        linkUrl: x.linkUrl,
        content: `排序 ${x.sort}`,
        startAt: x.startAt,
        endAt: x.endAt,
        current: current(r.title as string, r.link_url ?? null, this.url(r.image_file_id)),
      };
    }
    const x = p as NoticePending;
    return { ...base, title: x.title, content: x.content, startAt: x.startAt, endAt: x.endAt, current: current(r.title as string, r.content as string, null) };
  }

  /** Decides on a batch of submissions of any kinds: all of them move, or none (one transaction). */
  async decide(w: Who, items: { kind: ShopContentKind; id: number }[], pass: boolean, reason?: string) {
    const action = pass ? 'approve' : 'refuse';
    const seen = new Set<string>();
    const batch = items.filter((i) => !seen.has(`${i.kind}:${i.id}`) && seen.add(`${i.kind}:${i.id}`));
    await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const told = new Map<number, string[]>();
      for (const { kind, id } of batch) {
        const table = TABLE_OF[kind];
        const row = (await trx
          .selectFrom(`${table} as t` as 'shop_banner as t')
          .selectAll('t')
          .where('t.id', '=', id)
          .executeTakeFirst()) as unknown as (Row & Record<string, unknown>) | undefined;
        if (!row || (kind !== 'profile' && row.deleted === 1)) return fail('NOT_FOUND', NOT_FOUND[kind]);
        const target = transition(SHOP_REVIEW_TRANSITIONS, shopReviewStateOf(row.review_status), action, 'platform');
        if (!target) return fail('STATE_CONFLICT', `${SHOP_CONTENT_KIND_LABEL[kind]}「${row.title ?? row.name}」不是待审核状态，请刷新后重试`);
        const to = SHOP_REVIEW_CODE[target];
        const p = JSON.parse(row.pending ?? '{}');
        const decided = { review_status: to, reviewed_at: now, refuse_reason: pass ? null : (reason ?? null) };
        const shopId = kind === 'profile' ? id : (row.shop_id as number);
        if (pass) await this.approve(trx, kind, id, row, p, decided);
        else
          await trx
            .updateTable(table as 'shop_banner')
            .set(decided)
            .where('id', '=', id)
            .execute();
        await logReview(trx, { shopId, kind, targetId: id, action, to, reason: pass ? null : reason, actorId: w.caller.userId });
        const shop = await trx.selectFrom('shop').select(['supplier_id']).where('id', '=', shopId).executeTakeFirstOrThrow();
        const title = (p.title ?? p.name ?? '') as string;
        told.set(shop.supplier_id, [...(told.get(shop.supplier_id) ?? []), `${SHOP_CONTENT_KIND_LABEL[kind]}「${title}」`]);
      }
      for (const [supplierId, names] of told) {
        await this.messages.tellSupplier(trx, supplierId, {
          title: pass ? '店铺内容审核通过' : '店铺内容审核未通过',
          content: pass
            ? `您提交的${names.join('、')}已审核通过，买家现在可以看到。`
            : `您提交的${names.join('、')}未通过审核，原因：${reason}。请修改后重新提交。`,
          link: '/cassSupplier/shop',
        });
      }
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: `shop.review.${action}`,
        target: batch.map((b) => `${b.kind}:${b.id}`).join(','),
        detail: { reason: reason ?? null },
        ip: w.ip,
      });
    });
  }

  /** The waiting version becomes the shown one. */
  private async approve(
    trx: Transaction<DB>,
    kind: ShopContentKind,
    id: number,
    row: Row & Record<string, unknown>,
    p: Record<string, unknown>,
    decided: { review_status: number; reviewed_at: string; refuse_reason: null | string },
  ) {
    const cleared = { ...decided, pending: null };
    if (kind === 'profile') {
      const x = p as ProfilePending;
      // a shop's first approved profile opens it
      const opens = row.reviewed_at === null && row.status === 0 ? { status: 1 } : {};
      await trx
        .updateTable('shop')
        .set({ ...cleared, ...opens, name: x.name, intro: x.intro, logo_file_id: x.logoFileId, pending_logo_file_id: null })
        .where('id', '=', id)
        .execute();
      return;
    }
    const k = kind as ListKind;
    if (k === 'section') {
      const x = p as SectionPending;
      await trx
        .updateTable('shop_section')
        .set({ ...cleared, live: 1, name: x.name, sort: x.sort, start_at: x.startAt, end_at: x.endAt })
        .where('id', '=', id)
        .execute();
    } else if (k === 'banner') {
      const x = p as BannerPending;
      await trx
        .updateTable('shop_banner')
        .set({
          ...cleared,
          live: 1,
          title: x.title,
          image_file_id: x.imageFileId,
          link_url: x.linkUrl,
          sort: x.sort,
          start_at: x.startAt,
          end_at: x.endAt,
          pending_image_file_id: null,
        })
        .where('id', '=', id)
        .execute();
    } else {
      const x = p as NoticePending;
      await trx
        .updateTable('shop_notice')
        .set({ ...cleared, live: 1, title: x.title, content: x.content, start_at: x.startAt, end_at: x.endAt })
        .where('id', '=', id)
        .execute();
    }
  }
}
