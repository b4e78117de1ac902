import type { DeliveryVO, OrderDetail, OrderLine, SubOrderDetail } from '@kc/contracts/buying/orders';
import { describe, expect, it } from 'vitest';
import { deliveryGroup, orderSheets, supplierSheet } from './order-sheets.ts';

const line = (id: number, name: string, quantity: number, deliveredQty: number): OrderLine => ({
  id,
  itemId: id,
  name,
  spec: '500ml',
  brand: null,
  cas: null,
  catalogNo: null,
  grade: null,
  unit: '瓶',
  unitPrice: 1000,
  listPrice: null,
  priceNote: null,
  quantity,
  deliveredQty,
  amount: 1000 * quantity,
  hazards: [],
});

const delivery = (id: number, lines: DeliveryVO['lines']): DeliveryVO => ({
  id,
  channel: '顺丰速运',
  trackingNo: `SF${id}`,
  trackingLink: null,
  createdAt: '2026-03-01T02:00:00.000Z',
  lines,
});

const sub = (deliveries: DeliveryVO[]): SubOrderDetail => ({
  id: 7,
  subNo: 'PO1-01',
  supplierId: 3,
  supplierName: '国药集团化学试剂有限公司',
  status: 'delivered',
  statusText: '已发货',
  totalAmount: 13000,
  goodsAmount: 13000,
  deliveryFee: 0,
  remark: null,
  reason: null,
  lines: [line(1, '无水乙醇', 10, 10), line(2, '丙酮', 3, 2)],
  deliveries,
});

const order = (s: SubOrderDetail, placedByName: string | null = null): OrderDetail => ({
  id: 1,
  orderNo: 'PO1',
  buyerId: 11,
  placedById: placedByName ? 12 : 11,
  instituteId: 1,
  deptId: 2,
  teamId: 3,
  status: 'approved',
  statusText: '审批通过',
  goodsAmount: 13000,
  deliveryFee: 0,
  totalAmount: 13000,
  hasHazard: false,
  closeReason: null,
  createdAt: '2026-03-01T01:00:00.000Z',
  buyerName: '王晓明',
  placedByName,
  instituteName: '中国科学院化学研究所',
  deptName: '有机固体实验室',
  teamName: '李明华课题组',
  approvalSteps: [],
  receiver: { contact: '王晓明', phone: '13810230001', province: '北京市', city: '北京市', district: '海淀区', detail: '中关村北一街 2 号' },
  subOrders: [s],
  logs: [],
});

const metaOf = (m: { label: string; value: unknown }[]) => Object.fromEntries(m.map((x) => [x.label, x.value]));

describe('delivery notes', () => {
  // two parcels: 6 乙醇 + 2 丙酮, then the other 4 乙醇
  const twoParcels = sub([
    delivery(21, [
      { lineId: 1, quantity: 6 },
      { lineId: 2, quantity: 2 },
    ]),
    delivery(22, [{ lineId: 1, quantity: 4 }]),
  ]);

  it('print only what the parcel carried, with its quantities and what had shipped up to it', () => {
    const first = deliveryGroup(twoParcels, 0);
    expect(first.lines.map((l) => [l.name, l.quantity, l.deliveredQty])).toEqual([
      ['无水乙醇', 10, 6],
      ['丙酮', 3, 2],
    ]);
    expect([...(first.shipped ?? [])]).toEqual([
      [1, 6],
      [2, 2],
    ]);
    const second = deliveryGroup(twoParcels, 1);
    expect(second.lines.map((l) => [l.name, l.deliveredQty])).toEqual([['无水乙醇', 10]]);
    expect(second.shipped?.get(1)).toBe(4);
  });

  it('number the note by the delivery and carry its express details', () => {
    const sheet = supplierSheet(order(twoParcels), twoParcels, 'delivery', 22);
    expect(sheet.docNo).toBe('PO1-01-02');
    expect(sheet.delivery).toBe(true);
    expect(metaOf(sheet.meta)).toMatchObject({ 运单号: 'SF22', 快递公司: '顺丰速运', 采购人: '王晓明' });
    expect(sheet.groups[0].lines.map((l) => l.id)).toEqual([1]);
  });

  it('print the whole sub-order without 本次发货 when no delivery is named', () => {
    const sheet = supplierSheet(order(twoParcels), twoParcels, 'delivery');
    expect(sheet.docNo).toBe('PO1-01');
    expect(sheet.groups[0].lines).toHaveLength(2);
    expect(sheet.groups[0].shipped).toBeUndefined();
  });

  it('fall back to the sub-order lines for a delivery recorded without lines', () => {
    const bare = sub([delivery(23, [])]);
    const sheet = supplierSheet(order(bare), bare, 'delivery', 23);
    expect(sheet.docNo).toBe('PO1-01-01');
    expect(sheet.groups[0].lines).toHaveLength(2);
    expect(sheet.groups[0].shipped).toBeUndefined();
  });
});

describe('order sheet heads', () => {
  it('name the unit and the buyer, and the assistant only for 代下单', () => {
    const own = metaOf(orderSheets(order(sub([])), 'buy')[0].meta);
    expect(own).toMatchObject({ 采购单位: '中国科学院化学研究所 / 有机固体实验室 / 李明华课题组', 采购人: '王晓明' });
    expect(own).not.toHaveProperty('代下单人');
    const agent = metaOf(orderSheets(order(sub([]), '周婷'), 'order')[0].meta);
    expect(agent).toMatchObject({ 采购人: '王晓明', 代下单人: '周婷' });
  });

  it('print one 采购订单 per supplier with the same head', () => {
    const sheets = orderSheets(order(sub([]), '周婷'), 'purchase');
    expect(sheets.map((s) => s.docNo)).toEqual(['PO1-01']);
    expect(metaOf(sheets[0].meta)).toMatchObject({ 供应商: '国药集团化学试剂有限公司', 代下单人: '周婷', 所属订单: 'PO1' });
  });
});
