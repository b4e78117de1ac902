import { FILE_RULES } from '@kc/contracts/shared/files';
import { NoticeStatus, NoticeType } from '@kc/contracts/site/content';
import type { NoticeBatchResultT } from '@kc/contracts/site/content-notices-manuals';
import { writeAudit } from '../../../platform/audit/audit.ts';
import { isPlatformAdmin } from '../../../platform/auth/admin-scope.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import {
  addSheet,
  checkSheet,
  createWorkbook,
  type ExcelColumn,
  type ExcelReadResult,
  type ParseError,
  type RowErr,
  shanghaiDateTime,
  workbookBuffer,
} from '../../../platform/documents/index.ts';
import { EXTENSIONS, sniffMime } from '../../../platform/files/sniff-mime.ts';
import { fail } from '../../../platform/http/errors.ts';
import { sanitizeRichText } from '../../../platform/sanitize.ts';
import type { FilesService, IncomingFile } from '../../shared/files/index.ts';
import type { ContentRepository } from './content.repository.ts';

const MAX_ROWS = 500;
const TYPE_WORDS: Record<string, number> = {
  '1': NoticeType.PUBLIC,
  公开: NoticeType.PUBLIC,
  公开公告: NoticeType.PUBLIC,
  '2': NoticeType.BUYER,
  采购方: NoticeType.BUYER,
  采购方公告: NoticeType.BUYER,
  '3': NoticeType.SUPPLIER,
  供应商: NoticeType.SUPPLIER,
  供应商公告: NoticeType.SUPPLIER,
};
const LIST_SPLIT = /[、,，;；\n]+/;

/** "2026-12-01 09:00", "2026/12/1 9:00:00" or "2026-12-01", in Asia/Shanghai → ISO (UTC). */
export function parseShanghaiTime(text: string): string | ParseError {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return { error: `时间“${text}”格式不正确，应为 YYYY-MM-DD HH:mm` };
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number);
  const t = new Date(Date.UTC(y, mo - 1, d, h - 8, mi, s));
  const back = new Date(t.getTime() + 8 * 3600_000);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    return { error: `时间“${text}”不是有效的日期时间` };
  return t.toISOString();
}

export const NOTICE_SHEET_COLUMNS = [
  { key: 'title', header: '标题', required: true },
  {
    key: 'type',
    header: '类型',
    required: true,
    parse: (t: string): number | ParseError => TYPE_WORDS[t.replace(/\s/g, '')] ?? { error: `类型“${t}”不正确，应为 公开、采购方 或 供应商` },
  },
  { key: 'audience', header: '面向角色', aliases: ['角色'] },
  { key: 'body', header: '正文', aliases: ['内容'], required: true },
  { key: 'publishAt', header: '发布时间', parse: parseShanghaiTime },
  { key: 'withdrawAt', header: '下线时间', parse: parseShanghaiTime },
  { key: 'attachments', header: '附件', aliases: ['附件文件名'] },
  {
    key: 'top',
    header: '置顶',
    parse: (t: string): boolean | ParseError =>
      ['是', 'Y', 'y', '1', 'TRUE'].includes(t) ? true : ['否', 'N', 'n', '0', 'FALSE'].includes(t) ? false : { error: '置顶应填 是 或 否' },
  },
  { key: 'institute', header: '所属研究所' },
] as const satisfies readonly ExcelColumn[];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
/** Plain text typed in a cell → paragraphs. */
const bodyHtml = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('');

interface CheckedRow {
  row: number;
  title: string;
  type: number;
  instituteId: number | null;
  instituteName: string | null;
  roleIds: number[];
  audience: string;
  publishAt: string | null;
  withdrawAt: string | null;
  top: boolean;
  content: string;
  /** by name: a file of this request, or the id of a file uploaded before */
  attachments: { name: string; fileId: number | null }[];
}

/**
 * 公告批量导入: one .xlsx of notices (the template's columns) with their attachments in the same
 * request. Each row is checked — type, audience roles, window, institute scope, every attachment
 * found among the files sent or the caller's earlier notice uploads, with an allowed type — and
 * every bad row is listed. Preview answers the check only; otherwise the attachments are stored
 * and every notice is written, published in its window, in one transaction — or, when any row is
 * bad, nothing at all.
 */
export class NoticeBatchImport {
  constructor(
    private readonly repo: ContentRepository,
    private readonly files: FilesService,
  ) {}

  async template() {
    const wb = createWorkbook();
    addSheet(wb, {
      name: '公告',
      columns: [
        { header: '标题', value: (r: string[]) => r[0], width: 28, textFormat: true },
        { header: '类型', value: (r) => r[1], width: 10, textFormat: true },
        { header: '面向角色', value: (r) => r[2], width: 18, textFormat: true },
        { header: '正文', value: (r) => r[3], width: 40, textFormat: true },
        { header: '发布时间', value: (r) => r[4], width: 18, textFormat: true },
        { header: '下线时间', value: (r) => r[5], width: 18, textFormat: true },
        { header: '附件', value: (r) => r[6], width: 24, textFormat: true },
        { header: '置顶', value: (r) => r[7], width: 8, textFormat: true },
        { header: '所属研究所', value: (r) => r[8], width: 24, textFormat: true },
      ],
      rows: [
        ['元旦放假安排', '公开', '', '1 月 1 日至 3 日放假，期间订单顺延处理。', '2026-12-25 09:00', '2027-01-04 00:00', '', '是', ''],
        ['危化品采购须知', '采购方', '采购人、课题组长', '采购危化品须先完成备案。\n详见附件。', '', '', '危化品备案说明.pdf', '否', ''],
      ],
    });
    return { xlsx: await workbookBuffer(wb), filename: '公告导入模板.xlsx' };
  }

  async run(w: Who, parts: IncomingFile[], preview: boolean): Promise<NoticeBatchResultT> {
    const sheets = parts.filter((p) => /\.xlsx$/i.test(p.name));
    if (sheets.length !== 1) fail('BAD_REQUEST', '请上传一个 .xlsx 公告表（附件可与之一同上传）');
    const sheet = sheets[0];
    if (sheet.truncated) fail('BAD_REQUEST', '公告表超过 10 MB，请拆分后分批导入');
    const sent = new Map(parts.filter((p) => p !== sheet).map((p) => [p.name, p]));

    // every row checked (errors by row); there is no stage: a preview answers the check, a run applies it at once
    const {
      checked: { checked, named, now },
      errors,
      total,
    } = await checkSheet(sheet.data, NOTICE_SHEET_COLUMNS, { maxRows: MAX_ROWS, maxErrors: MAX_ROWS }, (read, err) => this.check(w, read, sent, err));
    const used = new Set(checked.flatMap((c) => c.attachments.filter((a) => a.fileId === null).map((a) => a.name)));
    const result: NoticeBatchResultT = {
      applied: false,
      total,
      rows: checked.map((c) => ({
        row: c.row,
        title: c.title,
        type: c.type,
        instituteName: c.instituteName,
        audience: c.audience,
        publishAt: c.publishAt,
        withdrawAt: c.withdrawAt,
        top: c.top,
        attachments: c.attachments.map((a) => a.name),
      })),
      errors,
      unused: [...sent.keys()].filter((n) => !used.has(n) && !named.includes(n)),
      created: [],
    };
    if (preview || errors.length > 0) return result;

    // the new attachments first (checked above, so each is stored); then every notice in one transaction
    const stored = new Map<string, number>();
    const toStore = [...used].map((n) => sent.get(n) as IncomingFile);
    if (toStore.length) {
      const up = await this.files.upload(toStore, 'notice', w.caller.userId);
      if (up.failed.length) fail('BAD_REQUEST', `附件“${up.failed[0].name}”${up.failed[0].reason}`);
      for (const s of up.succeeded) stored.set(s.name, s.id);
    }
    const created = await this.repo.inTransaction(async (r, trx) => {
      const ids: number[] = [];
      for (const c of checked) {
        const { id } = await r.insertNotice({
          title: c.title,
          content: c.content,
          type: c.type,
          status: NoticeStatus.PUBLISHED,
          top: c.top ? 1 : 0,
          published_at: now,
          institute_id: c.instituteId,
          publish_at: c.publishAt,
          withdraw_at: c.withdrawAt,
          created_by: w.caller.userId,
          created_at: now,
          updated_at: now,
        });
        await r.setNoticeRoles(id, c.roleIds);
        await r.setNoticeFiles(id, [...new Set(c.attachments.map((a) => a.fileId ?? (stored.get(a.name) as number)))]);
        ids.push(id);
      }
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: 'notice.batchUpload',
        target: `notice:${ids[0]}`,
        detail: { file: sheet.name, notices: ids.length, ids, from: shanghaiDateTime(now) },
        ip: w.ip,
      });
      return ids;
    });
    return { ...result, applied: true, created };
  }

  /** Checks every row read: type, audience roles, window, institute scope, attachments; each bad row through `err`. */
  private async check(w: Who, read: ExcelReadResult<typeof NOTICE_SHEET_COLUMNS>, sent: Map<string, IncomingFile>, err: RowErr) {
    const admin = isPlatformAdmin(w.caller);
    if (!admin && w.caller.instituteId === null) fail('FORBIDDEN', '仅平台管理员或研究所管理员可以管理公告');
    const institutes = await this.repo.institutes();
    const now = nowIso();

    // attachments named in the sheet: the files sent, else the caller's earlier notice uploads
    const named = [
      ...new Set(
        read.rows.flatMap((r) =>
          (r.values.attachments ?? '')
            .split(LIST_SPLIT)
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ),
    ];
    const earlier = await this.repo.ownNoticeFiles(
      w.caller.userId,
      named.filter((n) => !sent.has(n)),
    );
    const earlierId = new Map<string, number>();
    for (const f of earlier) if (!earlierId.has(f.original_name)) earlierId.set(f.original_name, f.id);
    const rule = FILE_RULES.notice;
    const sentProblem = (f: IncomingFile): string | null => {
      if (f.truncated || f.data.length > rule.maxBytes) return `超过 ${rule.maxBytes / 1024 / 1024} MB`;
      if (f.data.length === 0) return '文件为空';
      const mime = sniffMime(f.data);
      if (!mime || !rule.mimes.includes(mime)) return `格式不支持，仅限 ${rule.mimes.map((m) => EXTENSIONS[m]).join('、')}`;
      return null;
    };

    const rolesByInstitute = new Map<number | null, Awaited<ReturnType<ContentRepository['assignableRoles']>>>();
    const rolesOf = async (inst: number | null) => {
      if (!rolesByInstitute.has(inst)) rolesByInstitute.set(inst, await this.repo.assignableRoles(inst));
      return rolesByInstitute.get(inst) ?? [];
    };

    const checked: CheckedRow[] = [];
    const titles = new Map<string, number>();
    for (const { row, values: v } of read.rows) {
      let ok = true;
      const bad = (column: string, message: string) => {
        ok = false;
        err(row, column, message);
      };
      const title = v.title as string;
      const type = v.type as number;
      if (title.length > 100) bad('标题', '标题最多 100 字');
      const dup = titles.get(title);
      if (dup !== undefined) bad('标题', `与第 ${dup} 行标题重复`);
      else titles.set(title, row);

      // institute: the platform admin names one (or none: a platform notice); an owner only its own
      let instituteId: number | null = admin ? null : w.caller.instituteId;
      let instituteName: string | null = null;
      if (v.institute) {
        const inst = institutes.find((i) => i.name === v.institute || i.code === v.institute);
        if (!inst) bad('所属研究所', `研究所“${v.institute}”不存在`);
        else if (!admin && inst.id !== w.caller.instituteId) bad('所属研究所', '只能导入本所的公告');
        else {
          instituteId = inst.id;
          instituteName = inst.name;
        }
      } else if (instituteId !== null) instituteName = institutes.find((i) => i.id === instituteId)?.name ?? null;
      if (instituteId !== null && type === NoticeType.SUPPLIER) bad('类型', '研究所公告不能面向供应商');

      const roleIds: number[] = [];
      const audience = (v.audience ?? '').trim();
      if (audience && audience !== '全部') {
        const side = type === NoticeType.SUPPLIER ? 2 : type === NoticeType.BUYER ? 1 : null;
        const roles = await rolesOf(instituteId);
        for (const name of audience
          .split(LIST_SPLIT)
          .map((s) => s.trim())
          .filter(Boolean)) {
          const role = roles.find((r) => r.name === name || r.code === name);
          if (!role) bad('面向角色', `角色“${name}”不存在`);
          else if (side !== null && role.side !== side) bad('面向角色', `角色“${name}”不属于${side === 1 ? '采购方' : '供应商'}`);
          else if (!roleIds.includes(role.id)) roleIds.push(role.id);
        }
      }

      const publishAt = (v.publishAt as string | null) ?? null;
      const withdrawAt = (v.withdrawAt as string | null) ?? null;
      if (withdrawAt && withdrawAt <= (publishAt ?? now)) bad('下线时间', publishAt ? '下线时间须晚于发布时间' : '下线时间已过');

      const attachments: CheckedRow['attachments'] = [];
      for (const name of (v.attachments ?? '')
        .split(LIST_SPLIT)
        .map((s) => s.trim())
        .filter(Boolean)) {
        const f = sent.get(name);
        if (f) {
          const problem = sentProblem(f);
          if (problem) bad('附件', `附件“${name}”${problem}`);
          else attachments.push({ name, fileId: null });
        } else if (earlierId.has(name)) attachments.push({ name, fileId: earlierId.get(name) as number });
        else bad('附件', `附件“${name}”未上传，请与公告表一同上传`);
      }
      if (attachments.length > 20) bad('附件', '每条公告最多 20 个附件');

      const content = sanitizeRichText(bodyHtml(v.body as string));
      if (!content) bad('正文', '正文不能为空');
      if (ok)
        checked.push({
          row,
          title,
          type,
          instituteId,
          instituteName,
          roleIds,
          audience: audience || '全部',
          publishAt,
          withdrawAt,
          top: Boolean(v.top),
          content,
          attachments,
        });
    }
    return { checked, named, now };
  }
}
