import { createHash, createHmac, randomBytes } from 'node:crypto';
import { PassThrough, type Readable, Transform, type Writable } from 'node:stream';
import { FILE_RULES, type FilePurpose } from '@kc/contracts/shared/files';
import { safeEqual } from '../../../platform/auth/tokens.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { ByteRange, FileStorage } from '../../../platform/files/file-storage.port.ts';
import { EXTENSIONS, sniffMime } from '../../../platform/files/sniff-mime.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { FilesRepository } from './files.repository.ts';

export interface IncomingFile {
  name: string;
  data: Buffer;
  /** true when the part was cut at the size limit */
  truncated: boolean;
}

const LINK_TTL_MS = 30 * 60 * 1000;
/** files the site shows to everyone: a link to one may be checked by anybody */
const PUBLIC_PURPOSES = new Set<string>(['pageConfig', 'help', 'item', 'shop']);
const MB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What one account may upload in any 24 hours (counted from the stored files, so it holds across
 * processes and restarts): far above what a buyer, a supplier or an administrator needs in a day,
 * far below what fills a disk. Anonymous uploads (supplier registration) are limited per address.
 */
export const UPLOAD_QUOTA = { files: 300, bytes: 500 * MB, anonymousFilesPerHour: 20 } as const;

/** Uploads checked by their real bytes; downloads through links signed with a server secret and an expiry. */
export class FilesService {
  constructor(
    private readonly repo: FilesRepository,
    private readonly storage: FileStorage,
    private readonly secret: string,
  ) {}

  /** Refuses the whole request when it would take the account past its daily quota. */
  async checkQuota(files: IncomingFile[], uploadedBy: number, now = Date.now()) {
    const used = await this.repo.usageSince(uploadedBy, new Date(now - DAY_MS).toISOString());
    const bytes = files.reduce((sum, f) => sum + f.data.length, 0);
    if (used.files + files.length > UPLOAD_QUOTA.files || used.bytes + bytes > UPLOAD_QUOTA.bytes) {
      fail('TOO_MANY', `24 小时内上传已达上限（${UPLOAD_QUOTA.files} 个文件或 ${UPLOAD_QUOTA.bytes / MB} MB），请稍后再试`);
    }
  }

  async upload(files: IncomingFile[], purpose: FilePurpose, uploadedBy: number | null) {
    if (uploadedBy !== null) await this.checkQuota(files, uploadedBy);
    const rule = FILE_RULES[purpose];
    const succeeded: { id: number; name: string; size: number; mime: string; url: string }[] = [];
    const failed: { name: string; reason: string }[] = [];
    for (const f of files) {
      const name = f.name.slice(0, 200) || '未命名文件';
      const mime = sniffMime(f.data);
      if (f.truncated || f.data.length > rule.maxBytes) {
        failed.push({ name, reason: `文件超过 ${rule.maxBytes / MB} MB` });
        continue;
      }
      if (f.data.length === 0) {
        failed.push({ name, reason: '文件为空' });
        continue;
      }
      if (!mime || !rule.mimes.includes(mime)) {
        failed.push({ name, reason: `格式不支持，仅限 ${rule.mimes.map((m) => EXTENSIONS[m]).join('、')}` });
        continue;
      }
      const now = new Date();
      const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('hex')}.${EXTENSIONS[mime]}`;
      await this.storage.put(key, f.data);
      const row = await this.repo.insert({
        storage_key: key,
        original_name: name,
        mime,
        size: f.data.length,
        sha256: createHash('sha256').update(f.data).digest('hex'),
        purpose,
        uploaded_by: uploadedBy,
        created_at: nowIso(),
      });
      succeeded.push({ id: row.id, name: row.original_name, size: row.size, mime: row.mime, url: this.signedUrl(row.id) });
    }
    return { succeeded, failed };
  }

  /**
   * Stores a file the server produces (an asynchronous export) as `write` produces it: the bytes
   * flow to the storage while they are written — the file is never whole in memory — and the row
   * is added once the bytes are complete. Not counted against anyone's upload quota. Answers the id.
   */
  async storeGenerated(f: { name: string; mime: string; ext: string; purpose: string }, write: (out: Writable) => Promise<unknown>): Promise<number> {
    const now = new Date();
    const key = `generated/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('hex')}.${f.ext}`;
    const hash = createHash('sha256');
    const out = new PassThrough();
    const hashed = new Transform({
      transform(chunk, _enc, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    out.pipe(hashed);
    const stored = this.storage.putStream(key, hashed);
    try {
      await write(out);
      // exceljs ends the stream it was given; a writer that does not is ended here
      if (!out.writableEnded) out.end();
    } catch (e) {
      // the storage's pipeline fails on the destroyed stream and removes the partial file
      out.destroy(e as Error);
      hashed.destroy(e as Error);
      await stored.catch(() => undefined);
      throw e;
    }
    const size = await stored;
    const row = await this.repo.insert({
      storage_key: key,
      original_name: f.name.slice(0, 200),
      mime: f.mime,
      size,
      sha256: hash.digest('hex'),
      purpose: f.purpose,
      uploaded_by: null,
      created_at: nowIso(),
    });
    return row.id;
  }

  /** Deletes a file: the row first, then the bytes (a listed file always has its bytes). */
  async remove(id: number): Promise<void> {
    const row = await this.repo.findById(id);
    if (!row) return;
    await this.repo.delete(id);
    await this.storage.delete(row.storage_key);
  }

  private sig(id: number, expires: number) {
    return createHmac('sha256', this.secret).update(`file:${id}:${expires}`).digest('hex');
  }

  /** A link a browser can open without script; valid for 30 minutes. */
  signedUrl(id: number, now = Date.now()): string {
    const expires = Math.floor((now + LINK_TTL_MS) / 1000);
    return `/uac/file/noauth/download?id=${id}&expires=${expires}&sig=${this.sig(id, expires)}`;
  }

  async open(q: { id: number; expires: number; sig: string }, range?: ByteRange): Promise<{ stream: Readable; name: string; mime: string; size: number }> {
    const row = await this.linked(q);
    const stream = await this.storage.get(row.storage_key, range);
    if (!stream) return fail('NOT_FOUND', '文件不存在或已被删除');
    return { stream, name: row.original_name, mime: row.mime, size: row.size };
  }

  /** The size of a signed link's file (a ranged download needs it before it opens the bytes). */
  async sizeOf(q: { id: number; expires: number; sig: string }): Promise<number> {
    return (await this.linked(q)).size;
  }

  private async linked(q: { id: number; expires: number; sig: string }) {
    if (q.expires * 1000 < Date.now()) fail('FORBIDDEN', '下载链接已过期，请刷新页面后重试');
    if (!safeEqual(this.sig(q.id, q.expires), q.sig)) fail('ILLEGAL_REQUEST');
    const row = await this.repo.findById(q.id);
    if (!row) return fail('NOT_FOUND', '文件不存在');
    return row;
  }

  /**
   * Removes files that nothing attaches a day after their upload (abandoned forms, replaced
   * pictures): the rows first, then the bytes, so a file is never listed without its bytes.
   * Answers how many were removed.
   */
  async sweepOrphans(now = Date.now()): Promise<number> {
    const before = new Date(now - DAY_MS).toISOString();
    let removed = 0;
    for (;;) {
      const batch = await this.repo.orphans(before, 200);
      if (batch.length === 0) return removed;
      const gone = new Set(await this.repo.deleteIfUnattached(batch.map((f) => f.id)));
      for (const f of batch) if (gone.has(f.id)) await this.storage.delete(f.storage_key);
      removed += gone.size;
      // a batch whose files were all attached meanwhile would come back forever
      if (gone.size === 0) return removed;
    }
  }

  /** The bytes of one of the caller's files of a purpose (reading an uploaded invoice into its form). */
  async readAttachable(id: number, purpose: FilePurpose, uploadedBy: number): Promise<{ data: Buffer; mime: string; name: string }> {
    const [row] = await this.mustBeAttachable([id], purpose, uploadedBy);
    const stream = await this.storage.get(row.storage_key);
    if (!stream) return fail('NOT_FOUND', '文件不存在或已被删除');
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    return { data: Buffer.concat(chunks), mime: row.mime, name: row.original_name };
  }

  /**
   * checkFilesByUrl: for each link this server signed earlier (an expired one too), whether it names
   * a stored file the caller may use — their own upload, or a file of a public purpose (pictures the
   * site shows everyone) — of a type the purpose accepts. A forged, foreign or unknown link answers
   * the same "not found", so nothing is learnt about files of others.
   */
  async checkUrls(urls: string[], callerId: number, purpose?: FilePurpose) {
    const NOT_FOUND = '文件不存在';
    const parsed = urls.map((url) => ({ url, id: this.idOfSignedUrl(url) }));
    const rows = new Map((await this.repo.findMany([...new Set(parsed.map((p) => p.id).filter((id): id is number => id !== null))])).map((r) => [r.id, r]));
    return parsed.map(({ url, id }) => {
      const row = id === null ? undefined : rows.get(id);
      const mine = row && (row.uploaded_by === callerId || PUBLIC_PURPOSES.has(row.purpose));
      if (!row || !mine) return { url, ok: false, reason: NOT_FOUND, id: null, name: null, mime: null, size: null, freshUrl: null };
      const allowed = purpose ? FILE_RULES[purpose].mimes : null;
      const reason = allowed && !allowed.includes(row.mime) ? `文件类型不符合要求，仅限 ${allowed.map((m) => EXTENSIONS[m]).join('、')}` : null;
      return { url, ok: reason === null, reason, id: row.id, name: row.original_name, mime: row.mime, size: row.size, freshUrl: this.signedUrl(row.id) };
    });
  }

  /** The file id of a download link this server signed (its signature checked, its expiry not), else null. */
  private idOfSignedUrl(url: string): number | null {
    let u: URL;
    try {
      u = new URL(url, 'http://local');
    } catch {
      return null;
    }
    if (u.pathname !== '/uac/file/noauth/download') return null;
    const id = Number(u.searchParams.get('id'));
    const expires = Number(u.searchParams.get('expires'));
    const sig = u.searchParams.get('sig') ?? '';
    if (!Number.isSafeInteger(id) || id <= 0 || !Number.isSafeInteger(expires) || !/^[0-9a-f]{64}$/.test(sig)) return null;
    return safeEqual(this.sig(id, expires), sig) ? id : null;
  }

  /** Files of a purpose uploaded by this caller (or anonymously for registration), for attaching to a record. */
  async mustBeAttachable(ids: number[], purpose: FilePurpose, uploadedBy: number | null) {
    const rows = await this.repo.findMany(ids);
    if (rows.length !== new Set(ids).size) fail('BAD_REQUEST', '附件不存在，请重新上传');
    for (const r of rows) {
      if (r.purpose !== purpose) fail('BAD_REQUEST', '附件用途不符，请重新上传');
      if (uploadedBy !== null && r.uploaded_by !== uploadedBy) fail('BAD_REQUEST', '只能使用本人上传的附件');
    }
    return rows;
  }
}
