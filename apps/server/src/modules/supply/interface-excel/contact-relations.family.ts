import type { ContactRelationVO } from '@kc/contracts/supply/interface-excel';
import { fail } from '../../../platform/http/errors.ts';
import { ID_COLUMN, need, phoneParse, str, text } from './cells.ts';
import type { RelationSet } from './contact-relations.repository.ts';
import { deptOf, type Family, idsOf, type Op, updated } from './family.ts';

/**
 * 联系人对应: which supplier contact serves an institute (or one of its departments). The platform
 * imports for any institute, an institute's owner for its own (an empty 研究所 cell means it).
 */
export const contactsRelation: Family<ContactRelationVO> = {
  title: '联系人对应',
  readers: ['platform', 'institute', 'supplier', 'client'],
  importers: ['platform', 'institute'],
  async list(store, s, q, limit, offset) {
    const { rows, total } = await store.relations.page(s, q, limit, offset);
    return {
      records: rows.map((r) => ({
        id: r.id,
        instituteId: r.institute_id,
        instituteName: r.institute_name,
        deptId: r.dept_id ? r.dept_id : null,
        deptName: r.dept_id ? r.dept_name : null,
        supplierId: r.supplier_id,
        supplierName: r.company_name,
        contactId: r.contact_id,
        contactName: r.contact_name,
        contactPhone: r.phone,
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
    { header: '供应商', value: (r) => r.supplierName, width: 28 },
    { header: '联系人手机号', value: (r) => r.contactPhone, width: 16, textFormat: true },
    { header: '备注', value: (r) => r.note, width: 24 },
    { header: '联系人姓名', value: (r) => r.contactName, width: 12 },
    { header: '更新时间', value: (r) => r.updatedAt, kind: 'datetime', width: 18 },
  ],
  columns: [
    ID_COLUMN,
    { key: 'institute', header: '研究所' },
    { key: 'dept', header: '部门' },
    { key: 'supplier', header: '供应商', required: true },
    { key: 'phone', header: '联系人手机号', aliases: ['手机号'], required: true, parse: phoneParse },
    { key: 'note', header: '备注', parse: text(200, '备注') },
  ],
  async check(store, s, rows, err) {
    const institutes = await store.lookups.institutesByName();
    const own = s.kind === 'institute' ? s.instituteId : null;
    const instOf = (row: number, name: unknown): number | null => {
      if (name === null) {
        if (own !== null) return own;
        err(row, '研究所', '“研究所”不能为空');
        return null;
      }
      const id = institutes.get(String(name).trim());
      if (id === undefined) err(row, '研究所', `研究所“${name}”不存在或已停用`);
      else if (own !== null && id !== own) err(row, '研究所', '只能导入本所的对应关系');
      else return id;
      return null;
    };
    const resolved = rows.map((r) => ({ ...r, instituteId: instOf(r.row, r.values.institute) }));
    const instIds = [...new Set(resolved.map((r) => r.instituteId).filter((x): x is number => x !== null))];
    const depts = await store.lookups.deptsByName(instIds);
    const suppliers = await store.lookups.suppliersByName();
    const phones = [...new Set(rows.map((r) => need(r.values.phone)))];
    const contactRows = await store.contacts.byPhones(phones);
    const contactOf = new Map(contactRows.map((c) => [`${c.supplier_id}|${c.phone}`, c.id]));
    const existing = await store.relations.ofInstitutes(instIds);
    const byKey = new Map(existing.map((e) => [`${e.institute_id}|${e.dept_id}|${e.contact_id}`, e.id]));
    const ids = idsOf(rows);
    const mine = ids.length
      ? new Map((await store.relations.byIds(ids)).filter((e) => own === null || e.institute_id === own).map((e) => [e.id, e]))
      : new Map();
    const seen = new Map<string, number>();
    const ops: Op[] = [];
    for (const { row, values: v, instituteId } of resolved) {
      let bad = instituteId === null;
      const deptId = instituteId !== null && v.dept !== null ? deptOf(depts, instituteId, String(v.dept).trim(), row, err) : 0;
      if (deptId === null) bad = true;
      const supplierName = need(v.supplier).trim();
      const supplierId = suppliers.get(supplierName);
      let contactId: number | undefined;
      if (supplierId === undefined) {
        err(row, '供应商', `供应商“${supplierName}”不存在或未启用`);
        bad = true;
      } else {
        contactId = contactOf.get(`${supplierId}|${need(v.phone)}`);
        if (contactId === undefined) {
          err(row, '联系人手机号', `供应商“${supplierName}”没有手机号为 ${need(v.phone)} 的联系人（请先由供应商维护联系人）`);
          bad = true;
        }
      }
      let target: number | null = null;
      if (v.id !== null) {
        if (!mine.has(Number(v.id))) {
          err(row, '编号', `编号 ${v.id} 不是${own !== null ? '本所' : ''}的对应关系`);
          bad = true;
        } else target = Number(v.id);
      }
      if (bad) continue;
      const key = `${instituteId}|${deptId}|${contactId}`;
      if (seen.has(key)) {
        err(row, '联系人手机号', `与第 ${seen.get(key)} 行重复（同一研究所、部门与联系人）`);
        continue;
      }
      seen.set(key, row);
      const same = byKey.get(key);
      if (target !== null && same !== undefined && same !== target) {
        err(row, '联系人手机号', `该研究所、部门与联系人的对应已存在（编号 ${same}）`);
        continue;
      }
      target ??= same ?? null;
      ops.push({
        row,
        action: target !== null ? '修改' : '新增',
        id: target,
        summary: `${v.institute ?? '本所'}${v.dept ? ` / ${v.dept}` : ''} ← ${supplierName} ${need(v.phone)}`,
        set: { institute_id: instituteId, dept_id: deptId, contact_id: contactId, supplier_id: supplierId, note: str(v.note) },
      });
    }
    return ops;
  },
  async apply(store, s, ops, now) {
    const userId = s.kind === 'platform' || s.kind === 'institute' ? s.userId : fail('FORBIDDEN');
    const onlyInstitute = s.kind === 'institute' ? s.instituteId : null;
    for (const op of ops) {
      const set = op.set as unknown as RelationSet;
      if (op.id !== null) await updated(store.relations.update(op.id, onlyInstitute, set, now), op.row);
      else await store.relations.insert(set, userId, now);
    }
  },
};
