import type { Kysely } from 'kysely';
import type { OrderMovesService, PlacementService } from '../../modules/buying/orders/index.ts';
import type { Caller } from '../../platform/auth/access.ts';
import { loadCaller } from '../../platform/auth/caller.repository.ts';
import { nowIso } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';

/** The order services the demo drives (orders/index.ts hands them to the app for this seed). */
export interface DemoOrderServices {
  placement: Pick<PlacementService, 'create'>;
  moves: Pick<OrderMovesService, 'decide' | 'supplierConfirm' | 'deliver' | 'arrived' | 'accept'>;
}
type Who = { caller: Caller; ip: string };

/** The delivery addresses the demo buyers ordered to (real institutes' addresses, made-up rooms). */
const ADDRESSES: Record<string, { province: string; city: string; district: string; detail: string; contact: string; phone: string }> = {
  buyer1: {
    province: '北京市',
    city: '北京市',
    district: '海淀区',
    detail: '中关村北一街2号 化学研究所 有机固体实验室 3号楼 412',
    contact: '王晓明',
    phone: '13811012345',
  },
  buyer2: {
    province: '上海市',
    city: '上海市',
    district: '浦东新区',
    detail: '海科路555号 上海药物研究所 新药研究国家重点实验室 B座 306',
    contact: '林芳',
    phone: '13916023456',
  },
};

/**
 * Where each demo order stops, so every role finds work on its dashboard: awaiting the team
 * leader, the institute, the supplier's confirmation and shipment, the buyer's receipt and the
 * checker's acceptance, one finished and one refused with its reason.
 */
type Stop = 'team' | 'institute' | 'confirm' | 'deliver' | 'receive' | 'check' | 'done' | 'refused';
const ORDERS: { buyer: string; item: [name: string, spec: string, supplier: string]; quantity: number; stop: Stop; remark?: string }[] = [
  { buyer: 'buyer1', item: ['氯化钠', '500g', '国药集团化学试剂有限公司'], quantity: 4, stop: 'team', remark: '配制 PBS 用' },
  { buyer: 'buyer1', item: ['乙腈', '4L', '国药集团化学试剂有限公司'], quantity: 6, stop: 'institute', remark: 'HPLC 流动相，请提供批次 COA' },
  { buyer: 'buyer1', item: ['牛血清白蛋白', '10g', '上海阿拉丁生化科技股份有限公司'], quantity: 2, stop: 'confirm' },
  { buyer: 'buyer1', item: ['琼脂糖', '100g', '上海阿拉丁生化科技股份有限公司'], quantity: 1, stop: 'deliver' },
  { buyer: 'buyer1', item: ['三羟甲基氨基甲烷', '500g', '上海麦克林生化科技股份有限公司'], quantity: 2, stop: 'receive' },
  { buyer: 'buyer1', item: ['甘氨酸', '500g', '上海麦克林生化科技股份有限公司'], quantity: 3, stop: 'check' },
  { buyer: 'buyer1', item: ['无水硫酸钠', '500g', '国药集团化学试剂有限公司'], quantity: 2, stop: 'done' },
  { buyer: 'buyer1', item: ['无水乙醇', '500ml', '国药集团化学试剂有限公司'], quantity: 10, stop: 'done' },
  { buyer: 'buyer1', item: ['葡萄糖', '500g', '上海阿拉丁生化科技股份有限公司'], quantity: 2, stop: 'done' },
  { buyer: 'buyer1', item: ['十二烷基硫酸钠', '100g', '上海阿拉丁生化科技股份有限公司'], quantity: 10, stop: 'refused' },
  { buyer: 'buyer2', item: ['二甲基亚砜', '500ml', '上海阿拉丁生化科技股份有限公司'], quantity: 2, stop: 'team' },
];
const REFUSAL = '课题组库存尚有 6 瓶，请先领用库存';

/**
 * The demo's item: the named product from the named supplier, else the same product from anyone,
 * else any unregulated item in stock (a small catalog, as the tests use, lacks most names); a
 * hazardous one where the order should climb to the institute.
 */
async function pickItem(db: Kysely<DB>, [name, spec, supplierName]: [string, string, string], hazardous: boolean, used: Set<number>) {
  const base = () =>
    db
      .selectFrom('item')
      .innerJoin('supplier', 'supplier.id', 'item.supplier_id')
      .select(['item.id', 'item.supplier_id'])
      .where('item.on_shelf', '=', 1)
      .where('item.deleted', '=', 0)
      .where('item.stock', '>', 50)
      .where('item.supply_areas', '=', '')
      .where('item.hazard_precursor', '=', 0)
      .where('item.hazard_explosive', '=', 0)
      .where('item.hazard_toxic', '=', 0)
      .where('item.id', 'not in', [0, ...used])
      .orderBy('item.id')
      .limit(1);
  return (
    (await base().where('item.name', '=', name).where('item.spec', '=', spec).where('supplier.company_name', '=', supplierName).executeTakeFirst()) ??
    (await base().where('item.name', '=', name).executeTakeFirst()) ??
    (await base()
      .where('item.hazard_dangerous', '=', hazardous ? 1 : 0)
      .where('item.price', '>=', 2_000)
      .where('item.price', '<=', 200_000)
      .executeTakeFirst())
  );
}

/**
 * A handful of orders at every step of the flow, placed and moved through the real order services
 * (the same checks, prices, approval chains and messages as a user's clicks), so a fresh demo's
 * dashboards, lists and todo counts show work. Runs once, on a database without orders; an item
 * the catalog happens not to offer is skipped.
 */
export async function seedDemoOrders(db: Kysely<DB>, s: DemoOrderServices): Promise<number> {
  if (await db.selectFrom('purchase_order').select('id').limit(1).executeTakeFirst()) return 0;
  const who = async (userName: string): Promise<Who | null> => {
    const u = await db.selectFrom('app_user').select('id').where('user_name', '=', userName).executeTakeFirst();
    const base = u && (await loadCaller(db, u.id));
    return base && 'userId' in base ? { caller: { ...base, fid: 'demo-seed', aclVersion: null }, ip: '127.0.0.1' } : null;
  };
  const channel = await db.selectFrom('express_channel').select('id').orderBy('id').limit(1).executeTakeFirst();
  const addressOf = async (buyer: Who, userName: string) => {
    const a = ADDRESSES[userName];
    const now = nowIso();
    const row = await db
      .insertInto('recv_address')
      .values({ user_id: buyer.caller.userId, ...a, is_default: 1, deleted: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const addresses = new Map<string, number>();
  const used = new Set<number>();
  let placed = 0;
  for (const [i, o] of ORDERS.entries()) {
    const buyer = await who(o.buyer);
    if (!buyer || !channel) continue;
    const item = await pickItem(db, o.item, o.stop === 'institute', used);
    if (!item) continue;
    used.add(item.id);
    const addressId = addresses.get(o.buyer) ?? (await addressOf(buyer, o.buyer));
    addresses.set(o.buyer, addressId);
    const order = await s.placement.create(buyer, {
      direct: { itemId: item.id, quantity: o.quantity },
      addressId,
      remarks: o.remark ? { [item.supplier_id]: o.remark } : {},
      hazardConfirmed: true,
      idempotencyKey: `demo-order-${i + 1}`,
      // each sub-order charges the card's line its goods' category maps to (材料费 for reagents)
      budgetLines: {},
    });
    placed++;
    const leaderName = o.buyer === 'buyer1' ? 'leader1' : 'leader2';
    const ownerName = o.buyer === 'buyer1' ? 'owner1' : 'owner2';
    const checkerName = o.buyer === 'buyer1' ? 'checker1' : 'checker2';
    const sub = order.subOrders[0].id;
    const steps = (await db.selectFrom('purchase_order').select('approval_steps').where('id', '=', order.orderId).executeTakeFirstOrThrow()).approval_steps;
    const chain = steps.split(',').filter((x): x is 'team' | 'institute' => x === 'team' || x === 'institute');
    if (o.stop === 'team') continue;
    if (o.stop === 'refused') {
      if (chain[0]) await s.moves.decide((await who(chain[0] === 'team' ? leaderName : ownerName)) as Who, chain[0], [order.orderId], 'refuse', REFUSAL);
      continue;
    }
    for (const step of chain) {
      if (o.stop === 'institute' && step === 'institute') break;
      await s.moves.decide((await who(step === 'team' ? leaderName : ownerName)) as Who, step, [order.orderId], 'pass', null);
    }
    if (o.stop === 'institute' || o.stop === 'confirm') continue;
    const supplier = await db.selectFrom('app_user').select('user_name').where('supplier_id', '=', item.supplier_id).orderBy('id').limit(1).executeTakeFirst();
    const seller = supplier && (await who(supplier.user_name));
    if (!seller) continue;
    await s.moves.supplierConfirm(seller, sub);
    if (o.stop === 'deliver') continue;
    await s.moves.deliver(seller, sub, { expressChannelId: channel.id, trackingNo: `SF14${String(2_600_000_000 + i * 7_919).padStart(10, '0')}` });
    if (o.stop === 'receive') continue;
    await s.moves.arrived(buyer, sub);
    if (o.stop === 'check') continue;
    await s.moves.accept((await who(checkerName)) as Who, sub);
  }
  return placed;
}
