import {
  INTERFACE_FAMILY_TEXT,
  INTERFACE_IMPORT_MAX_ROWS,
  INTERFACE_IMPORT_TTL_MINUTES,
  type InterfaceFamily,
  type InterfaceImportVO,
  type InterfaceListQuery,
  type InterfaceRowError,
} from '@kc/contracts/supply/interface-excel';
import type { Selectable } from 'kysely';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import type { InterfaceImportTable } from '../../../platform/db/schema.ts';
import { isUniqueViolation } from '../../../platform/db/unique-violation.ts';
import { checkSheet, writeWorkbook } from '../../../platform/documents/index.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { IncomingFile } from '../../shared/files/index.ts';
import { FAMILIES, type Op, type Parsed } from './families.ts';
import { INTERFACE_IMPORT, type InterfaceImportsRepository } from './interface-imports.repository.ts';
import { allow, type Scope, scopeOf } from './scope.ts';

type Stored = { parsed: Parsed[]; preview: { row: number; action: '新增' | '修改'; summary: string }[]; creates: number; updates: number };
const EXPORT_MAX_ROWS = 20_000;

/**
 * The /interface/v1 Excel families (families.ts) through one flow, the price and order imports':
 * upload → every row read as text and checked (each bad row listed with its row number, column and
 * a Chinese reason) → preview (新增 / 修改 per row) → confirmation within the hour by the same user →
 * every row checked again and applied in one transaction, all or nothing. An import with a bad row
 * cannot be confirmed. Lists and exports are scoped by scope.ts.
 */
export class InterfaceExcelService {
  constructor(
    private readonly repo: InterfaceImportsRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private readable(f: InterfaceFamily, s: Scope) {
    const fam = FAMILIES[f];
    allow(s, fam.readers, `您无权查看${fam.title}`);
    return fam;
  }

  async page(f: InterfaceFamily, c: Caller, q: InterfaceListQuery) {
    const s = scopeOf(c);
    const r = await this.readable(f, s).list(this.repo.families, s, q, q.size, (q.current - 1) * q.size);
    return { ...r, current: q.current, size: q.size };
  }

  /** the scope of an API client calling an export with interface.export: its bound institute */
  async clientScope(clientId: string | null): Promise<Scope> {
    const row = clientId ? await this.repo.clientInstitute(clientId) : undefined;
    if (!row || row.institute_id === null) return fail('FORBIDDEN', '该接口客户端未绑定研究所，不能导出');
    return { kind: 'client', instituteId: row.institute_id };
  }

  async export(f: InterfaceFamily, s: Scope, q: Omit<InterfaceListQuery, 'current' | 'size'>) {
    const fam = this.readable(f, s);
    const { records, total } = await fam.list(this.repo.families, s, q, EXPORT_MAX_ROWS, 0);
    if (total > EXPORT_MAX_ROWS) fail('BAD_REQUEST', `共 ${total} 条，超过单次导出上限 ${EXPORT_MAX_ROWS} 条，请缩小查询范围`);
    return { xlsx: await writeWorkbook({ name: fam.title, columns: fam.sheet, rows: records }), filename: `${fam.title}.xlsx` };
  }

  async template(f: InterfaceFamily) {
    const fam = FAMILIES[f];
    const headers = new Set(fam.columns.map((c) => c.header));
    const columns = fam.sheet.filter((c) => headers.has(c.header)).map((c) => ({ ...c, kind: 'text' as const, textFormat: true }));
    return { xlsx: await writeWorkbook({ name: fam.title, columns, rows: [] }), filename: `${fam.title}导入模板.xlsx` };
  }

  private importer(f: InterfaceFamily, c: Caller) {
    const s = scopeOf(c);
    const fam = FAMILIES[f];
    allow(s, fam.importers, `您无权导入${fam.title}`);
    return { s, fam };
  }

  async upload(f: InterfaceFamily, w: Who, file: IncomingFile): Promise<InterfaceImportVO> {
    const { s, fam } = this.importer(f, w.caller);
    const {
      read,
      checked: ops,
      errors,
      errorRows,
      total,
    } = await checkSheet(file.data, fam.columns, { maxRows: INTERFACE_IMPORT_MAX_ROWS }, (sheet, err) =>
      fam.check(this.repo.families, s, sheet.rows as Parsed[], err),
    );
    const stored: Stored = {
      parsed: errorRows ? [] : (read.rows as Parsed[]),
      preview: INTERFACE_IMPORT.previewOf(ops).rows.map((o) => ({ row: o.row, action: o.action, summary: o.summary })),
      creates: ops.filter((o) => o.action === '新增').length,
      updates: ops.filter((o) => o.action === '修改').length,
    };
    // ready, or invalid with any bad row
    const id = await this.repo.staged.stage(
      {
        family: f,
        user_id: w.caller.userId,
        supplier_id: s.kind === 'supplier' ? s.supplierId : null,
        institute_id: s.kind === 'institute' ? s.instituteId : null,
        file_name: file.name.slice(0, 200),
        applied_at: null,
      },
      { now: this.now(), total, errorRows, rows: stored, errors },
    );
    await this.repo.audit({
      userId: w.caller.userId,
      action: `interface.${f}.upload`,
      target: `interfaceImport:${id}`,
      detail: { file: file.name, rows: total, errors: errorRows },
      ip: w.ip,
    });
    return this.detail(f, w.caller, id);
  }

  private async own(f: InterfaceFamily, c: Caller, id: number) {
    const imp = await this.repo.byId(id);
    // another user's import (or another family's) is not there for this caller
    if (!imp || imp.family !== f || imp.user_id !== c.userId) return fail('NOT_FOUND', '导入记录不存在');
    return imp;
  }

  async detail(f: InterfaceFamily, c: Caller, id: number): Promise<InterfaceImportVO> {
    this.importer(f, c);
    const imp = await this.own(f, c, id);
    return this.vo(imp);
  }

  /** Every row checked again and applied in one transaction; a row gone bad since the preview and nothing is applied. */
  async confirm(f: InterfaceFamily, w: Who, id: number) {
    const { s, fam } = this.importer(f, w.caller);
    const imp = await this.own(f, w.caller, id);
    if (imp.status === 'invalid') return fail('BAD_REQUEST', `导入文件有 ${imp.error_rows} 行错误，请修改后重新上传`);
    if (imp.status === 'applied') return fail('STATE_CONFLICT', '该导入已确认');
    const at = this.now().toISOString();
    if (INTERFACE_IMPORT.standing(imp, at) === 'expired') return fail('STATE_CONFLICT', `导入预览已超过 ${INTERFACE_IMPORT_TTL_MINUTES} 分钟，请重新上传`);
    const stored = INTERFACE_IMPORT.contents<Stored>(imp).rows;
    try {
      return await this.repo.inTransaction(async (r) => {
        // ready → applied once, before the deadline; then every row checked again in the same transaction
        if (!(await r.staged.confirmOnce(id, at))) fail('STATE_CONFLICT', '该导入已确认或已过期，请刷新');
        const errors: InterfaceRowError[] = [];
        const ops: Op[] = await fam.check(r.families, s, stored.parsed, (row, column, message) => errors.push({ row, column, message }));
        if (errors.length) {
          const e = errors.sort((a, b) => a.row - b.row)[0];
          fail('STATE_CONFLICT', `第 ${e.row} 行「${e.column}」：${e.message}（数据在预览后已变化，本次导入未做任何更改，请重新上传）`);
        }
        await fam.apply(r.families, s, ops, at);
        const created = ops.filter((o) => o.action === '新增').length;
        const updated = ops.length - created;
        await r.audit({
          userId: w.caller.userId,
          action: `interface.${f}.import`,
          target: `interfaceImport:${id}`,
          detail: { created, updated },
          ip: w.ip,
        });
        return { id, created, updated };
      });
    } catch (e) {
      if (isUniqueViolation(e)) return fail('STATE_CONFLICT', '导入的数据与其他人刚保存的数据重复，本次导入未做任何更改，请重新上传');
      throw e;
    }
  }

  private vo(imp: Selectable<InterfaceImportTable>): InterfaceImportVO {
    const { rows: stored, errors } = INTERFACE_IMPORT.contents<Stored>(imp);
    return {
      id: imp.id,
      family: imp.family as InterfaceFamily,
      fileName: imp.file_name,
      // past its hour it reads as expired before the nightly sweep has run
      status: INTERFACE_IMPORT.standing(imp, this.now()),
      totalRows: Number(imp.total_rows),
      errorRows: Number(imp.error_rows),
      errors: errors as InterfaceRowError[],
      preview: stored.preview,
      creates: stored.creates,
      updates: stored.updates,
      createdAt: imp.created_at,
      expiresAt: imp.expires_at,
      appliedAt: imp.applied_at,
    };
  }

  /** nightly: imports waiting past their hour become expired; any import older than a week is deleted with its rows */
  async expire() {
    const now = this.now();
    await this.repo.staged.expire(now);
    await this.repo.staged.removeOld(now);
  }

  title(f: InterfaceFamily) {
    return INTERFACE_FAMILY_TEXT[f];
  }
}
