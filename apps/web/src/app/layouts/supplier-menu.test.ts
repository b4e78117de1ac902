import { describe, expect, it } from 'vitest';
import { supplierMenuItems } from './main-layout.tsx';

const home = '/cassSupplier/dashbord';
const mod = (path: string, label: string) => ({ path, label });

describe('supplier top menu', () => {
  it('puts 发票管理, 报销单 and 对账单 under 财务结算 where the first of them stood', () => {
    const items = supplierMenuItems(
      [
        mod(home, '控制台'),
        mod('/cassSupplier/item', '商品管理'),
        mod('/cassSupplier/invoice', '发票管理'),
        mod('/cassSupplier/shop', '店铺管理'),
        mod('/cassSupplier/claim', '报销单'),
        mod('/cassSupplier/statement', '对账单'),
        mod('/cassSupplier/export', '导出记录'),
      ],
      home,
    );
    expect(items.map((i) => (i as { label: string }).label)).toEqual(['商品管理', '财务结算', '店铺管理', '导出记录']);
    const group = items[1] as { children: { key: string; label: string }[] };
    expect(group.children.map((c) => c.label)).toEqual(['发票管理', '报销单', '对账单']);
    expect(group.children.map((c) => c.key)).toEqual(['/cassSupplier/invoice', '/cassSupplier/claim', '/cassSupplier/statement']);
  });

  it('puts 售后处理, 投诉回复 and 评价回复 under 售后服务', () => {
    const items = supplierMenuItems(
      [
        mod('/cassSupplier/order', '订单管理'),
        mod('/cassSupplier/afterSale', '售后处理'),
        mod('/cassSupplier/complaint', '投诉回复'),
        mod('/cassSupplier/comment', '评价回复'),
        mod('/cassSupplier/export', '导出记录'),
      ],
      home,
    );
    expect(items.map((i) => (i as { label: string }).label)).toEqual(['订单管理', '售后服务', '导出记录']);
    const group = items[1] as { children: { key: string }[] };
    expect(group.children.map((c) => c.key)).toEqual(['/cassSupplier/afterSale', '/cassSupplier/complaint', '/cassSupplier/comment']);
  });

  it('keeps a lone member of a group as its own entry (a clerk with 发票管理 only)', () => {
    const items = supplierMenuItems([mod('/cassSupplier/order', '订单管理'), mod('/cassSupplier/invoice', '发票管理')], home);
    expect(items).toEqual([
      { key: '/cassSupplier/order', label: '订单管理' },
      { key: '/cassSupplier/invoice', label: '发票管理' },
    ]);
  });
});
