import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** A notice for each audience (type 1 everyone, 2 buyers, 3 suppliers); the first is pinned. */
const NOTICES = [
  {
    title: '关于 2027 年春节期间订单处理安排的通知',
    type: 1,
    content: '<p>2027 年 2 月 5 日至 2 月 13 日春节期间，平台正常接单，供应商发货与订单审批顺延至节后处理。危险化学品类订单节前最后发货日为 2 月 3 日。</p>',
  },
  {
    title: '危险化学品及易制毒、易制爆试剂采购须知',
    type: 2,
    content:
      '<p>采购<strong>易制毒、易制爆、剧毒</strong>类试剂须经研究所审批，收货后由验收人核对品名、规格与数量并登记入库。请勿通过个人渠道采购管制类试剂。</p>',
  },
  {
    title: '报销流程调整：电子发票统一在平台上传',
    type: 2,
    content: '<p>自 12 月起，订单完成后供应商在平台上传电子发票，采购人可直接发起报销或由财务合并报销，无需再提交纸质发票复印件。</p>',
  },
  {
    title: '供应商资质年审提醒',
    type: 3,
    content: '<p>请各供应商于 12 月 31 日前更新营业执照、危险化学品经营许可证等资质文件，逾期未更新的商品将暂停展示。</p>',
  },
  {
    title: '发货规范：请在发货时填写快递单号',
    type: 3,
    content: '<p>发货时请选择快递渠道并填写完整快递单号；分批发货的订单请按实际发货数量填写，便于采购人跟踪与验收。</p>',
  },
];

/** The demo notices, published by the platform's administrator. */
export async function seedDemoNotices(trx: Transaction<DB>, now: string, adminId: number) {
  await trx
    .insertInto('notice')
    .values(NOTICES.map((n, i) => ({ ...n, status: 1, top: i === 0 ? 1 : 0, published_at: now, created_by: adminId, created_at: now, updated_at: now })))
    .execute();
}
