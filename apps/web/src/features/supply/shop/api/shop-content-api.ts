import type { Page } from '@kc/contracts/platform/common';
import type {
  ShopBannerBody,
  ShopBannerVO,
  ShopContentKind,
  ShopNoticeBody,
  ShopNoticeVO,
  ShopProfileBody,
  ShopProfileVO,
  ShopReviewVO,
  ShopSectionBody,
  ShopSectionVO,
} from '@kc/contracts/supply/shop';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';

export type { ShopBannerVO, ShopNoticeVO, ShopProfileVO, ShopReviewVO, ShopSectionVO } from '@kc/contracts/supply/shop';
export type ListKind = 'section' | 'banner' | 'notice';

const withStatus = ({ tab, ...rest }: ListRequest) => ({ ...rest, status: tab && tab !== 'all' ? tab : undefined });

/** 店铺信息 GET /supplier/v1/shop/profile */
export const getShopProfile = () => api.get<ShopProfileVO | null>('/supplier/v1/shop/profile');
/** 提交店铺信息 POST /supplier/v1/shop/profile */
export const submitShopProfile = (b: ShopProfileBody) => api.post<{ id: number }>('/supplier/v1/shop/profile', b);

/** 栏目 / 横幅 / 公告 GET /supplier/v1/shop/{kind}/plist */
export const getSections = (q: ListRequest) => api.get<Page<ShopSectionVO>>('/supplier/v1/shop/section/plist', withStatus(q));
export const getBanners = (q: ListRequest) => api.get<Page<ShopBannerVO>>('/supplier/v1/shop/banner/plist', withStatus(q));
export const getNotices = (q: ListRequest) => api.get<Page<ShopNoticeVO>>('/supplier/v1/shop/notice/plist', withStatus(q));

/** 新增或修改 POST /supplier/v1/shop/{kind}/save */
export const saveSection = (b: ShopSectionBody) => api.post<{ id: number }>('/supplier/v1/shop/section/save', b);
export const saveBanner = (b: ShopBannerBody) => api.post<{ id: number }>('/supplier/v1/shop/banner/save', b);
export const saveNotice = (b: ShopNoticeBody) => api.post<{ id: number }>('/supplier/v1/shop/notice/save', b);

/** 删除 POST /supplier/v1/shop/{kind}/delete */
export const deleteShopContent = (kind: ListKind, ids: number[]) => api.post<null>(`/supplier/v1/shop/${kind}/delete`, { ids });
/** 撤回 POST /supplier/v1/shop/withdraw */
export const withdrawShopContent = (kind: ShopContentKind, id: number) => api.post<null>('/supplier/v1/shop/withdraw', { kind, id });
/** 商品放入栏目 POST /supplier/v1/shop/section/items */
export const assignSectionItems = (sectionId: number | null, itemIds: number[]) => api.post<null>('/supplier/v1/shop/section/items', { sectionId, itemIds });

/** 店铺内容审核（平台） GET /mall/v1/shopReview/plist */
export const getShopReviewQueue = (q: ListRequest) => {
  const { tab, ...rest } = q;
  return api.get<Page<ShopReviewVO>>('/mall/v1/shopReview/plist', { ...rest, kind: tab && tab !== 'all' ? tab : undefined });
};
/** 通过 / 驳回（批量） POST /mall/v1/shopReview/review */
export const reviewShopContent = (items: { kind: ShopContentKind; id: number }[], pass: boolean, reason?: string) =>
  api.post<null>('/mall/v1/shopReview/review', { items, pass, reason });
