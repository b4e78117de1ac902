import type { ContactVO } from '@kc/contracts/supply/interface-excel';
import { ID_COLUMN, need, phoneParse, str, text } from './cells.ts';
import type { ContactSet } from './contacts.repository.ts';
import { type Family, type Op, supplierOf, updated } from './family.ts';

/** 供应商联系人: a supplier keeps its own contacts; a row is matched by 编号, or else by its phone. */
export const contacts: Family<ContactVO> = {
  title: '供应商联系人',
  readers: ['platform', 'supplier'],
  importers: ['supplier'],
  async list(store, s, q, limit, offset) {
    const { rows, total } = await store.contacts.page(s, q.keyword, limit, offset);
    return {
      records: rows.map((r) => ({
        id: r.id,
        supplierId: r.supplier_id,
        supplierName: r.company_name,
        name: r.name,
        phone: r.phone,
        email: r.email,
        position: r.position,
        region: r.region,
        note: r.note,
        updatedAt: r.updated_at,
      })),
      total,
    };
  },
  sheet: [
    { header: '编号', value: (r) => r.id, kind: 'int', width: 8 },
    { header: '姓名', value: (r) => r.name, width: 12 },
    { header: '手机号', value: (r) => r.phone, width: 16, textFormat: true },
    { header: '邮箱', value: (r) => r.email, width: 24 },
    { header: '职务', value: (r) => r.position },
    { header: '负责区域', value: (r) => r.region, width: 20 },
    { header: '备注', value: (r) => r.note, width: 24 },
    { header: '供应商', value: (r) => r.supplierName, width: 28 },
    { header: '更新时间', value: (r) => r.updatedAt, kind: 'datetime', width: 18 },
  ],
  columns: [
    ID_COLUMN,
    { key: 'name', header: '姓名', required: true, parse: text(20, '姓名') },
    { key: 'phone', header: '手机号', aliases: ['联系电话', '电话'], required: true, parse: phoneParse },
    { key: 'email', header: '邮箱', parse: (t) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t) && t.length <= 60 ? t : { error: `邮箱“${t}”格式不正确` }) },
    { key: 'position', header: '职务', parse: text(20, '职务') },
    { key: 'region', header: '负责区域', parse: text(50, '负责区域') },
    { key: 'note', header: '备注', parse: text(200, '备注') },
  ],
  async check(store, s, rows, err) {
    const sid = supplierOf(s);
    const existing = await store.contacts.ofSupplier(sid);
    const byId = new Map(existing.map((e) => [e.id, e]));
    const byPhone = new Map(existing.map((e) => [e.phone, e]));
    const seenPhone = new Map<string, number>();
    const seenId = new Map<number, number>();
    const ops: Op[] = [];
    for (const { row, values: v } of rows) {
      const phone = need(v.phone);
      let bad = false;
      const before = seenPhone.get(phone);
      if (before) {
        err(row, '手机号', `手机号 ${phone} 与第 ${before} 行重复`);
        bad = true;
      } else seenPhone.set(phone, row);
      let target: { id: number } | null = null;
      if (v.id !== null) {
        const id = Number(v.id);
        const t = byId.get(id);
        const other = byPhone.get(phone);
        if (!t) err(row, '编号', `编号 ${id} 不是本供应商的联系人`);
        else if (seenId.has(id)) err(row, '编号', `编号 ${id} 与第 ${seenId.get(id)} 行重复`);
        else if (other && other.id !== id) err(row, '手机号', `手机号 ${phone} 已是联系人“${other.name}”（编号 ${other.id}）的号码`);
        else target = t;
        if (!target) bad = true;
        seenId.set(id, row);
      } else target = byPhone.get(phone) ?? null;
      if (bad) continue;
      ops.push({
        row,
        action: target ? '修改' : '新增',
        id: target?.id ?? null,
        summary: `${need(v.name)}（${phone}）`,
        set: { name: need(v.name), phone, email: str(v.email), position: str(v.position), region: str(v.region), note: str(v.note) },
      });
    }
    return ops;
  },
  async apply(store, s, ops, now) {
    const sid = supplierOf(s);
    for (const op of ops) {
      const set = op.set as unknown as ContactSet;
      if (op.id !== null) await updated(store.contacts.update(sid, op.id, set, now), op.row);
      else await store.contacts.insert(sid, set, now);
    }
  },
};
