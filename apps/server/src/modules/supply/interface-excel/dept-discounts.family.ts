import { DeptDiscountBody, rateLabel } from '@kc/contracts/supply/discounts';
import type { InterfaceDiscountVO } from '@kc/contracts/supply/interface-excel';
import { parseYuanToFen } from '../../../platform/documents/index.ts';
import { type DeptDiscountFields, deptDiscounts } from '../discounts/index.ts';
import { dateParse, ID_COLUMN, need, parseRate, rateText } from './cells.ts';
import { deptOf, type Family, idsOf, type Op, supplierOf, updated } from './family.ts';

/** 协议价: a supplier's discounts for an institute, a department or one item, checked by the same rules as the 协议价 form. */
const DISCOUNT_FIELD_HEADER: Record<string, string> = {
  rate: '折扣',
  price: '协议价(元)',
  kind: '方式',
  itemId: '货号',
  validFrom: '开始日期',
  validTo: '结束日期',
  note: '备注',
};
export const deptDiscount: Family<InterfaceDiscountVO> = {
  title: '协议价',
  readers: ['platform', 'institute', 'supplier', 'client'],
  importers: ['supplier'],
  async list(store, s, q, limit, offset) {
    const { rows, total } = await store.discounts.page(s, q, limit, offset);
    return {
      records: rows.map((r) => ({
        id: r.id,
        supplierId: r.supplier_id,
        supplierName: r.company_name,
        instituteId: r.institute_id,
        instituteName: r.institute_name,
        deptId: r.dept_id,
        deptName: r.dept_name,
        itemId: r.item_id,
        itemName: r.item_name,
        catalogNo: r.catalog_no,
        kind: r.rate !== null ? ('rate' as const) : ('price' as const),
        rate: r.rate,
        price: r.price === null ? null : Number(r.price),
        validFrom: r.valid_from,
        validTo: r.valid_to,
        status: r.status,
        note: r.note,
        updatedAt: r.updated_at,
      })),
      total,
    };
  },
  sheet: [
    { header: '编号', value: (r) => r.id, kind: 'int', width: 8 },
    { header: '研究所', value: (r) => r.instituteName, width: 26 },
    { header: '部门', value: (r) => r.deptName, width: 20 },
    { header: '货号', value: (r) => r.catalogNo, width: 16, textFormat: true },
    { header: '方式', value: (r) => (r.kind === 'rate' ? '折扣' : '协议价'), width: 8 },
    { header: '折扣', value: (r) => rateText(r.rate), width: 8, textFormat: true },
    { header: '协议价(元)', value: (r) => r.price, kind: 'money', width: 12 },
    { header: '开始日期', value: (r) => r.validFrom, width: 12, textFormat: true },
    { header: '结束日期', value: (r) => r.validTo, width: 12, textFormat: true },
    { header: '状态', value: (r) => (r.status === 1 ? '启用' : '停用'), width: 8 },
    { header: '备注', value: (r) => r.note, width: 24 },
    { header: '供应商', value: (r) => r.supplierName, width: 28 },
    { header: '商品名称', value: (r) => r.itemName, width: 24 },
    { header: '更新时间', value: (r) => r.updatedAt, kind: 'datetime', width: 18 },
  ],
  columns: [
    ID_COLUMN,
    { key: 'institute', header: '研究所', required: true },
    { key: 'dept', header: '部门' },
    { key: 'catalogNo', header: '货号' },
    { key: 'kind', header: '方式', required: true, parse: (t) => (t === '折扣' ? 'rate' : t === '协议价' ? 'price' : { error: '方式应为“折扣”或“协议价”' }) },
    { key: 'rate', header: '折扣', parse: parseRate },
    { key: 'price', header: '协议价(元)', aliases: ['协议价'], parse: (t) => parseYuanToFen(t) },
    { key: 'from', header: '开始日期', required: true, parse: dateParse('开始日期') },
    { key: 'to', header: '结束日期', required: true, parse: dateParse('结束日期') },
    { key: 'status', header: '状态', parse: (t) => (t === '启用' ? 1 : t === '停用' ? 0 : { error: '状态应为“启用”或“停用”' }) },
    { key: 'note', header: '备注' },
  ],
  async check(store, s, rows, err) {
    const sid = supplierOf(s);
    const institutes = await store.lookups.institutesByName();
    const resolved = rows.map((r) => {
      const id = institutes.get(need(r.values.institute).trim());
      if (id === undefined) err(r.row, '研究所', `研究所“${r.values.institute}”不存在或已停用`);
      return { ...r, instituteId: id ?? null };
    });
    const depts = await store.lookups.deptsByName([...new Set(resolved.map((r) => r.instituteId).filter((x): x is number => x !== null))]);
    const nos = [...new Set(rows.map((r) => r.values.catalogNo).filter((x) => x !== null))].map(String);
    const items = await store.discounts.itemsByCatalogNo(sid, nos);
    const mine = await store.discounts.mine(sid, idsOf(rows));
    const seenId = new Map<number, number>();
    const ops: Op[] = [];
    for (const { row, values: v, instituteId } of resolved) {
      let bad = instituteId === null;
      let deptId: number | null = null;
      if (instituteId !== null && v.dept !== null) {
        deptId = deptOf(depts, instituteId, String(v.dept).trim(), row, err);
        if (deptId === null) bad = true;
      }
      let item: { id: number; price: number } | undefined;
      if (v.catalogNo !== null) {
        const found = items.get(String(v.catalogNo)) ?? [];
        if (found.length !== 1) {
          err(row, '货号', found.length ? `货号 ${v.catalogNo} 对应多个商品（不同规格），请在协议价页面逐个设置` : `本店没有货号为 ${v.catalogNo} 的商品`);
          bad = true;
        } else item = found[0];
      }
      const id = v.id === null ? null : Number(v.id);
      if (id !== null) {
        if (!mine.has(id)) {
          err(row, '编号', `编号 ${id} 不是本供应商的协议价`);
          bad = true;
        } else if (seenId.has(id)) {
          err(row, '编号', `编号 ${id} 与第 ${seenId.get(id)} 行重复`);
          bad = true;
        }
        seenId.set(id, row);
      }
      // the same rules as the 协议价 form (contracts/dept-discounts)
      const body = DeptDiscountBody.safeParse({
        instituteId: instituteId ?? 1,
        ...(deptId !== null ? { deptId } : {}),
        ...(item ? { itemId: item.id } : v.catalogNo !== null ? { itemId: 1 } : {}),
        kind: v.kind,
        ...(v.rate !== null ? { rate: v.rate } : {}),
        ...(v.price !== null ? { price: v.price } : {}),
        validFrom: v.from,
        validTo: v.to,
        ...(v.note !== null ? { note: String(v.note) } : {}),
      });
      if (!body.success) {
        for (const issue of body.error.issues) err(row, DISCOUNT_FIELD_HEADER[String(issue.path[0])] ?? '方式', issue.message);
        bad = true;
      } else if (item && body.data.price !== undefined && body.data.price >= item.price) {
        err(row, '协议价(元)', '协议价须低于商品的目录价');
        bad = true;
      }
      if (bad || !body.success) continue;
      const b = body.data;
      ops.push({
        row,
        action: id !== null ? '修改' : '新增',
        id,
        summary: `${need(v.institute)}${v.dept ? ` / ${v.dept}` : ''}：${v.catalogNo ?? '全部商品'} ${b.kind === 'rate' ? rateLabel(b.rate ?? 0) : `协议价 ${((b.price ?? 0) / 100).toFixed(2)} 元`}`,
        set: {
          institute_id: instituteId,
          dept_id: deptId,
          item_id: item?.id ?? null,
          rate: b.kind === 'rate' ? (b.rate ?? null) : null,
          price: b.kind === 'price' ? (b.price ?? null) : null,
          valid_from: b.validFrom,
          valid_to: b.validTo,
          status: v.status === null ? 1 : Number(v.status),
          note: b.note ?? null,
        },
      });
    }
    return ops;
  },
  async apply(store, s, ops, now) {
    const sid = supplierOf(s);
    // dept_discount is supply/discounts': written through it, in the confirming transaction
    const writes = deptDiscounts.within(store.discounts.trx);
    for (const op of ops) {
      const set = op.set as unknown as DeptDiscountFields;
      if (op.id !== null) await updated(writes.update(sid, op.id, set, now), op.row);
      else await writes.insert(sid, set, (s as { userId: number }).userId, now);
    }
  },
};
