import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** 购买须知: invoices, receiving and acceptance, returns. */
export async function seedDemoBuyTips(trx: Transaction<DB>, now: string) {
  await trx
    .insertInto('buy_tip')
    .values([
      {
        title: '发票说明',
        content: '订单完成后由供应商开具增值税电子普通发票，抬头为下单时所在研究所；如需专票请在备注中说明。',
        status: 1,
        sort: 0,
        created_at: now,
        updated_at: now,
      },
      {
        title: '收货与验收',
        content: '请在收到货物后及时在平台确认到货，并由本所验收人核对品名、规格、批号与数量。',
        status: 1,
        sort: 1,
        created_at: now,
        updated_at: now,
      },
      {
        title: '退换货',
        content: '试剂类商品开封后不予退换；运输破损请在到货 48 小时内拍照并申请退款。',
        status: 1,
        sort: 2,
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();
}
