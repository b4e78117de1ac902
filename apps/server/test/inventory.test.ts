import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/platform/db/database.ts';
import { createTestApp, type TestApp } from './support/harness.ts';
import { lookups } from './support/lookups.ts';
import { addBeijingAddress, makeItem } from './support/mall-fixtures.ts';
import { demoSessions } from './support/sessions.ts';

/**
 * 库存: acceptance stocks in (one container per unit, lot and expiry from the shipment, a 入库单),
 * who sees which stock (team / institute, never another institute), 领用 (never below zero, units
 * only within a dimension, two people for controlled reagents, concurrent stock-outs serialised),
 * slips and labels, stocktakes with reasons, locations and the hazard-cabinet rule.
 */
let t: TestApp;
const { req } = demoSessions(() => t);
const { userId, instituteId, teamId } = lookups(() => t);
const db = () => t.ctx.database.db;
const key = () => randomBytes(8).toString('hex');
let addressId: number;
let locationId: number;
let hazardLocationId: number;

const location = (over: Record<string, unknown> = {}) => ({ building: '化学楼', room: '301', cabinet: 'A柜', shelf: '第2层', ...over });

beforeAll(async () => {
  t = await createTestApp();
  addressId = await addBeijingAddress(req);
  locationId = (await req('leader1', 'POST', '/mall/v1/inventory/location/add', location())).body.data.id;
  hazardLocationId = (
    await req('leader1', 'POST', '/mall/v1/inventory/location/add', location({ cabinet: '危化品柜1', hazardCabinet: 1, custodian: '李明华' }))
  ).body.data.id;
});
afterAll(() => t.close());

/** Places, approves, ships (with lot and expiry) and receives an order of `qty` × one item; answers the sub-order, arrived and waiting for acceptance. */
async function arrivedSubOrder(qty: number, item: { hazard?: Record<string, number>; spec?: string } = {}) {
  const it = await makeItem(db(), { supplier: '国药', name: '无水乙醇 分析纯', cas: '64-17-5', price: 2500, stock: 1000, ...item });
  const placed = await req('buyer1', 'POST', '/mall/v1/order/create', {
    direct: { itemId: it.id, quantity: qty },
    addressId,
    idempotencyKey: key(),
    hazardConfirmed: true,
  });
  expect(placed.body.message).toBe('订单已提交');
  const orderId = placed.body.data.orderId as number;
  for (let i = 0; i < 3; i++) {
    const d = (await req('buyer1', 'GET', `/mall/v1/order-detail/${orderId}`)).body.data;
    if (d.status === 'pending_team') await req('leader1', 'POST', '/mall/v1/order-caas/team/pass', { ids: [orderId] });
    else if (d.status === 'pending_institute') await req('owner1', 'POST', '/mall/v1/order-caas/institute/pass', { ids: [orderId] });
  }
  const d = (await req('buyer1', 'GET', `/mall/v1/order-detail/${orderId}`)).body.data;
  const sub = d.subOrders[0];
  expect((await req('supplier1', 'POST', '/supplier/v1/order/confirm', { subOrderId: sub.id })).body.code).toBe(200);
  const lineId = sub.lines[0].id;
  // two shipments with different lots: the first carries one unit, the second the rest
  const ship = (quantity: number, lotNo: string, expiresOn: string) =>
    req('supplier1', 'POST', '/supplier/v1/order/deliver', {
      subOrderId: sub.id,
      expressChannelId: 1,
      trackingNo: `SF${Date.now()}${quantity}`,
      lines: [{ lineId, quantity, lotNo, expiresOn }],
    });
  if (qty > 1) expect((await ship(1, 'LOT-A1', '2027-06-30')).body.code).toBe(200);
  expect((await ship(qty > 1 ? qty - 1 : 1, 'LOT-B2', '2027-12-31')).body.code).toBe(200);
  expect((await req('buyer1', 'POST', '/mall/v1/order-caas/buyer/arrived', { subOrderId: sub.id })).body.code).toBe(200);
  return { orderId, subId: sub.id as number, itemId: it.id };
}

const page = async (user: string, q = '') => (await req(user, 'GET', `/mall/v1/inventory/page?size=100${q}`)).body.data;

/** A container written straight into the table (for the ledger and concurrency rules). */
async function container(quantity: number, over: Record<string, unknown> = {}) {
  const now = nowIso();
  const inst = await instituteId('ICCAS');
  const team = await teamId('李明华课题组');
  const { id } = await db()
    .insertInto('inventory_container')
    .values({
      code: `KT${randomBytes(6).toString('hex').toUpperCase()}`,
      institute_id: inst,
      dept_id: null,
      team_id: team,
      owner_id: await userId('buyer1'),
      item_id: null,
      name: '丙酮 分析纯',
      cas: '67-64-1',
      spec: '10瓶',
      brand: null,
      catalog_no: null,
      unit: '瓶',
      dimension: 'count',
      quantity_total: quantity,
      quantity_left: quantity,
      lot_no: null,
      expires_on: null,
      location_id: null,
      hazard: '',
      controlled: 0,
      order_id: null,
      sub_order_id: null,
      order_line_id: null,
      seq: 1,
      unit_price: 0,
      state: 'in_stock',
      created_by: null,
      created_at: now,
      updated_at: now,
      ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe('stock-in at acceptance', () => {
  it('4 × 500 mL accepted is four 500 mL containers with the lot and expiry of the shipment that carried each, a ledger row each and one 入库单', async () => {
    const { subId } = await arrivedSubOrder(4);
    // a location of another institute is refused, and the acceptance with it rolls back
    const foreignLoc = (await req('owner2', 'POST', '/mall/v1/inventory/location/add', location({ building: '药物所A楼' }))).body.data.id;
    expect((await req('checker1', 'POST', '/mall/v1/order-caas/checker/accept', { subOrderId: subId, locationId: foreignLoc })).body.message).toContain(
      '存放位置不存在',
    );
    expect((await page('buyer1', `&subOrderId=${subId}`)).total).toBe(0);
    expect((await req('checker1', 'POST', '/mall/v1/order-caas/checker/accept', { subOrderId: subId, locationId })).body.code).toBe(200);

    const made = (await req('buyer1', 'GET', `/mall/v1/inventory/listBySupplierOrderIds?ids=${subId}`)).body.data;
    expect(made).toHaveLength(1);
    const cs = made[0].containers;
    expect(cs).toHaveLength(4);
    for (const c of cs)
      expect(c).toMatchObject({ quantityTotal: 500, quantityLeft: 500, unit: 'mL', dimension: 'volume', state: 'in_stock', locationId, cas: '64-17-5' });
    expect(cs.map((c: { lotNo: string }) => c.lotNo).sort()).toEqual(['LOT-A1', 'LOT-B2', 'LOT-B2', 'LOT-B2']);
    expect(cs.find((c: { lotNo: string }) => c.lotNo === 'LOT-A1').expiresOn).toBe('2027-06-30');
    expect(new Set(cs.map((c: { code: string }) => c.code)).size).toBe(4);

    const records = (await req('buyer1', 'GET', `/mall/v1/inventory/inventoryItemRecord/listByIds?ids=${cs.map((c: { id: number }) => c.id).join(',')}`)).body
      .data;
    expect(records).toHaveLength(4);
    expect(records.every((r: { kind: string; delta: number; balance: number }) => r.kind === 'stock_in' && r.delta === 500 && r.balance === 500)).toBe(true);
    const slipId = records[0].slipId;
    expect(new Set(records.map((r: { slipId: number }) => r.slipId))).toEqual(new Set([slipId]));
    const slip = (await req('buyer1', 'GET', `/mall/v1/inventory/slip?id=${slipId}`)).body.data;
    expect(slip).toMatchObject({ kind: 'in', instituteName: '中国科学院化学研究所', personName: '赵丽' });
    expect(slip.lines).toHaveLength(4);
    expect(slip.lines[0].locationLabel).toBe('化学楼 301 A柜 第2层');
  });

  it('hazardous goods go only into a hazard cabinet; a sub-order is stocked in once', async () => {
    const { subId } = await arrivedSubOrder(1, { hazard: { hazard_precursor: 1, hazard_dangerous: 1 } });
    expect((await req('checker1', 'POST', '/mall/v1/order-caas/checker/accept', { subOrderId: subId, locationId })).body.message).toContain('危化品柜');
    expect((await req('checker1', 'POST', '/mall/v1/order-caas/checker/accept', { subOrderId: subId, locationId: hazardLocationId })).body.code).toBe(200);
    const cs = (await page('buyer1', `&subOrderId=${subId}`)).records;
    expect(cs).toHaveLength(1);
    expect(cs[0]).toMatchObject({ controlled: 1, hazardCabinet: 1 });
    expect((await req('checker1', 'POST', '/mall/v1/order-caas/checker/accept', { subOrderId: subId })).body.code).toBe(40009);
    expect((await page('buyer1', `&subOrderId=${subId}`)).total).toBe(1);
  });
});

describe('who sees which stock', () => {
  it('the team and its institute see it; another team, another institute and suppliers do not', async () => {
    const id = await container(5);
    for (const u of ['buyer1', 'assistant1', 'leader1', 'owner1', 'checker1'])
      expect(
        (await page(u)).records.map((c: { id: number }) => c.id),
        u,
      ).toContain(id);
    // another team of the same institute (self scope → own team), another institute
    expect((await page('multi1')).records.map((c: { id: number }) => c.id)).not.toContain(id);
    expect((await page('buyer2')).records.map((c: { id: number }) => c.id)).not.toContain(id);
    for (const u of ['buyer2', 'owner2', 'multi1']) {
      expect((await req(u, 'GET', `/mall/v1/inventory/detail/${id}`)).status, u).toBe(404);
      expect((await req(u, 'POST', '/mall/v1/inventory/stockOut', { lines: [{ containerId: id, amount: 1, unit: '瓶' }] })).status, u).toBe(404);
      expect((await req(u, 'GET', `/mall/v1/inventory/inventoryItemRecord/listByIds?ids=${id}`)).body.data, u).toEqual([]);
    }
    expect((await req('owner2', 'GET', `/mall/v1/inventory/labels?ids=${id}`)).status).toBe(404);
    // wrong role: a supplier, and a buyer on the manage pages
    expect((await req('supplier1', 'GET', '/mall/v1/inventory/page')).body.code).toBe(40300);
    expect((await req('buyer1', 'GET', '/mall/v1/inventory/stocktake/page')).body.code).toBe(40300);
    expect((await req('buyer1', 'POST', '/mall/v1/inventory/location/add', location())).body.code).toBe(40300);
    // the checker manages stocktakes but holds no add flag on locations
    expect((await req('checker1', 'POST', '/mall/v1/inventory/location/add', location())).body.code).toBe(40300);
  });
});

describe('领用', () => {
  it('validates without writing: never below zero, mL ↔ L converts, mass for a volume is refused in Chinese', async () => {
    const id = await container(500, { unit: 'mL', dimension: 'volume', spec: '500ml', name: '乙腈 色谱纯' });
    const v = (lines: unknown[]) => req('buyer1', 'POST', '/mall/v1/inventory/stockOut/validate', { lines });
    const ok = (await v([{ containerId: id, amount: 0.25, unit: 'L' }])).body.data;
    expect(ok).toMatchObject({ ok: true, lines: [{ ok: true, converted: 250, balanceAfter: 250 }] });
    const over = (await v([{ containerId: id, amount: 501, unit: 'mL' }])).body.data;
    expect(over.ok).toBe(false);
    expect(over.lines[0].message).toContain('不足');
    const wrongDim = (await v([{ containerId: id, amount: 5, unit: 'g' }])).body.data.lines[0].message;
    expect(wrongDim).toContain('不能换算');
    expect(wrongDim).toContain('质量与体积');
    expect((await v([{ containerId: id, amount: 0, unit: 'mL' }])).body.code).toBe(40000);
    expect((await req('buyer1', 'GET', `/mall/v1/inventory/detail/${id}`)).body.data.quantityLeft).toBe(500);
  });

  it('takes out to a named person: the ledger records delta and balance, the container empties at zero, the slip prints', async () => {
    const id = await container(500, { unit: 'mL', dimension: 'volume', spec: '500ml', name: '甲醇 色谱纯' });
    const person = await userId('assistant1');
    const out = await req('buyer1', 'POST', '/mall/v1/inventory/stockOut', {
      lines: [{ containerId: id, amount: 0.1, unit: 'L' }],
      personId: person,
      purpose: 'HPLC 流动相',
    });
    expect(out.body.code).toBe(200);
    // a person of another institute is refused
    const foreign = await req('buyer1', 'POST', '/mall/v1/inventory/stockOut', {
      lines: [{ containerId: id, amount: 1, unit: 'mL' }],
      personId: await userId('buyer2'),
    });
    expect(foreign.body.message).toContain('领用人');
    expect((await req('buyer1', 'POST', '/mall/v1/inventory/stockOut', { lines: [{ containerId: id, amount: 401, unit: 'mL' }] })).body.message).toContain(
      '不足',
    );
    expect((await req('buyer1', 'POST', '/mall/v1/inventory/stockOut', { lines: [{ containerId: id, amount: 400, unit: 'mL' }] })).body.code).toBe(200);
    const d = (await req('buyer1', 'GET', `/mall/v1/inventory/detail/${id}`)).body.data;
    expect(d).toMatchObject({ quantityLeft: 0, state: 'empty' });
    expect(d.ledger.map((l: { delta: number; balance: number }) => [l.delta, l.balance])).toEqual([
      [-100, 400],
      [-400, 0],
    ]);
    expect(d.ledger[0]).toMatchObject({ personName: '周婷', inputAmount: 0.1, inputUnit: 'L', reason: 'HPLC 流动相' });
    expect((await req('buyer1', 'POST', '/mall/v1/inventory/stockOut', { lines: [{ containerId: id, amount: 1, unit: 'mL' }] })).body.message).toContain(
      '不在库',
    );

    const slip = (await req('leader1', 'GET', `/mall/v1/inventory/slip?id=${out.body.data.slipId}`)).body.data;
    expect(slip).toMatchObject({ kind: 'out', personName: '周婷', purpose: 'HPLC 流动相', lines: [{ quantity: 100, unit: 'mL' }] });
    for (const stamp of ['0', '1']) {
      const pdf = await req('buyer1', 'GET', `/mall/v1/inventory/slip/pdf?id=${out.body.data.slipId}&stamp=${stamp}`);
      expect(pdf.raw.headers['content-type']).toContain('application/pdf');
      expect(pdf.raw.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    }
    expect((await req('buyer2', 'GET', `/mall/v1/inventory/slip?id=${out.body.data.slipId}`)).status).toBe(404);
    const labels = (await req('buyer1', 'GET', `/mall/v1/inventory/labels?ids=${id}`)).body.data;
    expect(labels[0].qr).toMatch(/^data:image\/png;base64,/);
    expect((await req('buyer1', 'GET', `/mall/v1/inventory/labels/pdf?ids=${id}`)).raw.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('controlled reagents need a second, different person', async () => {
    const id = await container(100, { unit: 'g', dimension: 'mass', controlled: 1, hazard: '易制毒' });
    const line = [{ containerId: id, amount: 1, unit: 'g' }];
    expect((await req('buyer1', 'POST', '/mall/v1/inventory/stockOut', { lines: line })).body.message).toContain('两人领用');
    expect((await req('buyer1', 'POST', '/mall/v1/inventory/stockOut', { lines: line, secondPersonId: await userId('buyer1') })).body.message).toContain(
      '不能与领用人为同一人',
    );
    expect((await req('buyer1', 'POST', '/mall/v1/inventory/stockOut', { lines: line, secondPersonId: await userId('leader1') })).body.code).toBe(200);
    expect((await req('buyer1', 'GET', `/mall/v1/inventory/detail/${id}`)).body.data.ledger[0].ref).toContain('李明华');
  });

  it('50 parallel 1-unit stock-outs of a 10-unit container: exactly 10 succeed and the ledger runs 9 … 0', async () => {
    const id = await container(10);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => req('buyer1', 'POST', '/mall/v1/inventory/stockOut', { lines: [{ containerId: id, amount: 1, unit: '瓶' }] })),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c !== 200).every((c) => c === 40000)).toBe(true);
    const d = (await req('buyer1', 'GET', `/mall/v1/inventory/detail/${id}`)).body.data;
    expect(d).toMatchObject({ quantityLeft: 0, state: 'empty' });
    expect(d.ledger.map((l: { balance: number }) => l.balance)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  }, 60_000);
});

describe('stocktakes and locations', () => {
  it('a difference needs a reason; closing appends an adjustment; a second close conflicts', async () => {
    const id = await container(6, { location_id: locationId });
    const opened = await req('leader1', 'POST', '/mall/v1/inventory/stocktake/add', { title: '2026 秋季盘点', locationId });
    expect(opened.body.code).toBe(200);
    const stId = opened.body.data.id;
    const st = (await req('leader1', 'GET', `/mall/v1/inventory/stocktake/detail/${stId}`)).body.data;
    const line = st.items.find((l: { containerId: number }) => l.containerId === id);
    expect(line.expected).toBe(6);
    expect((await req('owner2', 'GET', `/mall/v1/inventory/stocktake/detail/${stId}`)).status).toBe(404);
    expect(
      (await req('leader1', 'POST', '/mall/v1/inventory/stocktake/count', { stocktakeId: stId, lines: [{ lineId: line.id, counted: 5 }] })).body.code,
    ).toBe(200);
    expect((await req('leader1', 'POST', '/mall/v1/inventory/stocktake/close', { id: stId })).body.message).toContain('请填写原因');
    await req('leader1', 'POST', '/mall/v1/inventory/stocktake/count', { stocktakeId: stId, lines: [{ lineId: line.id, counted: 5, reason: '破损一瓶' }] });
    expect((await req('leader1', 'POST', '/mall/v1/inventory/stocktake/close', { id: stId })).body.code).toBe(200);
    expect((await req('leader1', 'POST', '/mall/v1/inventory/stocktake/close', { id: stId })).body.code).toBe(40009);
    const d = (await req('buyer1', 'GET', `/mall/v1/inventory/detail/${id}`)).body.data;
    expect(d.quantityLeft).toBe(5);
    expect(d.ledger.at(-1)).toMatchObject({ kind: 'adjust', delta: -1, balance: 5, reason: '破损一瓶' });
  });

  it('locations: another institute cannot change them; one holding stock cannot be deleted; hazardous stock moves only into a hazard cabinet', async () => {
    const loc = (await req('leader1', 'POST', '/mall/v1/inventory/location/add', location({ room: '302' }))).body.data.id;
    expect((await req('owner2', 'POST', '/mall/v1/inventory/location/update', { id: loc, ...location({ room: '999' }) })).status).toBe(404);
    expect((await req('owner2', 'POST', '/mall/v1/inventory/location/delete', { id: loc })).status).toBe(404);
    const id = await container(3);
    expect((await req('buyer1', 'POST', '/mall/v1/inventory/move', { ids: [id], locationId: loc })).body.code).toBe(200);
    expect((await req('leader1', 'POST', '/mall/v1/inventory/location/delete', { id: loc })).body.code).toBe(40009);
    const hz = await container(3, { hazard: '危险品' });
    expect((await req('buyer1', 'POST', '/mall/v1/inventory/move', { ids: [hz], locationId: loc })).body.message).toContain('危化品柜');
    expect((await req('buyer1', 'POST', '/mall/v1/inventory/move', { ids: [hz], locationId: hazardLocationId })).body.code).toBe(200);
    expect((await req('buyer2', 'POST', '/mall/v1/inventory/move', { ids: [id], locationId: loc })).status).toBe(404);
    const listed = (await req('owner1', 'GET', '/mall/v1/inventory/location/page?size=100')).body.data.records;
    expect(listed.find((l: { id: number }) => l.id === loc)).toMatchObject({ containers: 1, label: '化学楼 302 A柜 第2层' });
    expect((await req('owner2', 'GET', '/mall/v1/inventory/location/page?size=100')).body.data.records.map((l: { id: number }) => l.id)).not.toContain(loc);
  });
});
