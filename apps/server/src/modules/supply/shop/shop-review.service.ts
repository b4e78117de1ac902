import { SHOP_CONTENT_KIND_LABEL, type ShopContentKind, type ShopReviewVO } from '@kc/contracts/supply/shop';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { fail } from '../../../platform/http/errors.ts';
import { transition } from '../../../platform/transitions.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import type { Decided, QueueRow, ShopReviewRepository } from './shop-review.repository.ts';
import type { BannerPending, NoticePending, ProfilePending, SectionPending } from './shop-rows.ts';
import { NOT_FOUND } from './shop-rows.ts';
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
    private readonly repo: ShopReviewRepository,
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
      const rows = await this.repo.pending(kind, q.supplierName, QUEUE_SCAN);
      for (const raw of rows) all.push(this.queueRow(kind, raw));
    }
    all.sort((a, b) => a.submittedAt.localeCompare(b.submittedAt) || a.id - b.id);
    const start = (q.current - 1) * q.size;
    return { records: all.slice(start, start + q.size), total: all.length, current: q.current, size: q.size };
  }

  private queueRow(kind: ShopContentKind, r: QueueRow): ShopReviewVO {
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
    await this.repo.inTransaction(async (r, trx) => {
      const now = nowIso();
      const told = new Map<number, string[]>();
      for (const { kind, id } of batch) {
        const row = await r.row(kind, id);
        if (!row || (kind !== 'profile' && row.deleted === 1)) return fail('NOT_FOUND', NOT_FOUND[kind]);
        const target = transition(SHOP_REVIEW_TRANSITIONS, shopReviewStateOf(row.review_status), action, 'platform');
        if (!target) return fail('STATE_CONFLICT', `${SHOP_CONTENT_KIND_LABEL[kind]}「${row.title ?? row.name}」不是待审核状态，请刷新后重试`);
        const to = SHOP_REVIEW_CODE[target];
        const p = JSON.parse(row.pending ?? '{}');
        const decided: Decided = { review_status: to, reviewed_at: now, refuse_reason: pass ? null : (reason ?? null) };
        const shopId = kind === 'profile' ? id : (row.shop_id as number);
        if (pass) await this.approve(r, kind, id, row, p, decided);
        else await r.refuse(kind, id, decided);
        await r.logReview({ shopId, kind, targetId: id, action, to, reason: pass ? null : reason, actorId: w.caller.userId });
        const supplierId = await r.supplierOfShop(shopId);
        const title = (p.title ?? p.name ?? '') as string;
        told.set(supplierId, [...(told.get(supplierId) ?? []), `${SHOP_CONTENT_KIND_LABEL[kind]}「${title}」`]);
      }
      const messages = this.messages.within(trx);
      for (const [supplierId, names] of told) {
        await messages.tellSupplier(supplierId, {
          title: pass ? '店铺内容审核通过' : '店铺内容审核未通过',
          content: pass
            ? `您提交的${names.join('、')}已审核通过，买家现在可以看到。`
            : `您提交的${names.join('、')}未通过审核，原因：${reason}。请修改后重新提交。`,
          link: '/cassSupplier/shop',
        });
      }
      await r.audit({
        userId: w.caller.userId,
        action: `shop.review.${action}`,
        target: batch.map((b) => `${b.kind}:${b.id}`).join(','),
        detail: { reason: reason ?? null },
        ip: w.ip,
      });
    });
  }

  /** The waiting version becomes the shown one. */
  private async approve(r: ShopReviewRepository, kind: ShopContentKind, id: number, row: QueueRow, p: Record<string, unknown>, decided: Decided) {
    if (kind === 'profile') {
      // a shop's first approved profile opens it
      await r.approveProfile(id, p as ProfilePending, decided, row.reviewed_at === null && row.status === 0);
    } else if (kind === 'section') await r.approveSection(id, p as SectionPending, decided);
    else if (kind === 'banner') await r.approveBanner(id, p as BannerPending, decided);
    else await r.approveNotice(id, p as NoticePending, decided);
  }
}
