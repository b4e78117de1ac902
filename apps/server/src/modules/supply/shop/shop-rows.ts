import type { ShopContentKind } from '@kc/contracts/supply/shop';

/** The shop content of a supplier: the profile (the shop row itself) and three lists. */
export type ListKind = 'section' | 'banner' | 'notice';
export const TABLE_OF = { profile: 'shop', section: 'shop_section', banner: 'shop_banner', notice: 'shop_notice' } as const;
export type { ShopContentKind };

/** The proposed fields kept in `pending` (JSON), per kind. */
export type ProfilePending = { name: string; intro: string | null; logoFileId: number | null };
export type SectionPending = { name: string; sort: number; startAt: string | null; endAt: string | null };
export type BannerPending = { title: string; imageFileId: number; linkUrl: string | null; sort: number; startAt: string | null; endAt: string | null };
export type NoticePending = { title: string; content: string; startAt: string | null; endAt: string | null };

export const NOT_FOUND = { section: '栏目不存在', banner: '横幅不存在', notice: '公告不存在', profile: '店铺不存在' } as const;

/** A row of any of the three list tables, as the presenters read it. */
export interface Row {
  id: number;
  review_status: number;
  refuse_reason: string | null;
  live: number;
  pending: string | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  start_at: string | null;
  end_at: string | null;
  name?: string;
  title?: string;
  content?: string;
  sort?: number;
  image_file_id?: number | null;
  pending_image_file_id?: number | null;
  link_url?: string | null;
}

/** One step of a review (who, what, to which state), recorded beside the thing itself. */
export interface ReviewStep {
  shopId: number;
  kind: ShopContentKind;
  targetId: number;
  action: string;
  to: number;
  reason?: string | null;
  actorId: number;
}
