import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';

/** 店铺公告 of each demo shop (approved), by shop index as in reference-data.ts. */
const NOTICES: { title: string; content: string }[][] = [
  [
    {
      title: '春节发货安排',
      content:
        '<p>2027 年 2 月 4 日 16:00 前付款的订单节前发出；2 月 5 日至 2 月 13 日暂停发货，节后按付款顺序依次发出。</p><p>危险化学品订单节前最后发货日为 <strong>2 月 3 日</strong>。</p>',
    },
    { title: '色谱溶剂批号查询说明', content: '<p>色谱纯、LC-MS 级溶剂均随货附检验报告，可凭瓶身批号在本店“资料下载”中查询 COA。</p>' },
  ],
  [{ title: '冷链商品发货说明', content: '<p>酶、抗体等需 2–8 ℃ 或干冰运输的商品周一至周三发货，避免周末滞留在途。</p>' }],
  [{ title: '年末盘点通知', content: '<p>12 月 28 日至 12 月 30 日仓库盘点，期间下单的商品 12 月 31 日起发出。</p>' }],
];

/**
 * Demo 店铺管理 content besides the sections and banners the catalog seed writes: approved shop
 * notices, and one banner of the first shop waiting for the platform's review so 店铺内容审核 has
 * something to decide.
 */
export async function seedShopContent(trx: Transaction<DB>, shopIds: number[], now: string) {
  for (const [i, shopId] of shopIds.entries()) {
    for (const n of NOTICES[i] ?? []) {
      await trx
        .insertInto('shop_notice')
        .values({ shop_id: shopId, title: n.title, content: n.content, live: 1, review_status: 2, reviewed_at: now, submitted_at: now, created_at: now })
        .execute();
    }
  }
  if (shopIds[0] === undefined) return;
  const pending = { title: '新年开工季 生化试剂 8 折', imageFileId: null, linkUrl: '/platform/search.lf?q=生化试剂', sort: 2, startAt: null, endAt: null };
  await trx
    .insertInto('shop_banner')
    .values({
      shop_id: shopIds[0],
      title: pending.title,
      image_file_id: null,
      link_url: pending.linkUrl,
      sort: pending.sort,
      live: 0,
      review_status: 1,
      pending: JSON.stringify(pending),
      submitted_at: now,
    })
    .execute();
}
