import multipart from '@fastify/multipart';
import { envelope } from '@kc/contracts/platform/common';
import { DownloadQuery, type FilePurpose, UploadQuery, UploadResult } from '@kc/contracts/shared/files';
import { CheckedFileVO, CheckFilesBody } from '@kc/contracts/site/content-notices-manuals';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { fail } from '../../../platform/http/errors.ts';
import { rateLimit } from '../../../platform/http/rate-limit.ts';
import { ok } from '../../../platform/http/reply.ts';
import { type FilesService, type IncomingFile, UPLOAD_QUOTA } from './files.service.ts';

const MAX_PART_BYTES = 10 * 1024 * 1024;
const MAX_FILES = 20;
/** shown in the browser; XML (which a browser would render, scripts and all) and OFD are saved instead */
const inlineMimes = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);

/**
 * Reads every file part of a multipart request into memory (parts are capped at 10 MB; a longer
 * one comes back `truncated`). Other modules' upload routes (price imports) use it too.
 */
export async function readParts(req: FastifyRequest): Promise<IncomingFile[]> {
  if (!req.isMultipart()) fail('BAD_REQUEST', '请以 multipart/form-data 上传文件');
  const out: IncomingFile[] = [];
  for await (const part of req.files({ limits: { fileSize: MAX_PART_BYTES, files: MAX_FILES } })) {
    const data = await part.toBuffer().catch(() => Buffer.alloc(0));
    out.push({ name: part.filename, data, truncated: part.file.truncated });
  }
  if (out.length === 0) fail('BAD_REQUEST', '请选择要上传的文件');
  return out;
}

/** /uac/file: upload (logged in, or anonymous qualifications for supplier registration) and signed downloads. */
export async function registerFileRoutes(root: FastifyInstance, ctx: AppContext, files: FilesService) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: MAX_PART_BYTES, files: MAX_FILES, fields: 10 } });
  const tags = ['文件'];

  app.post(
    '/uac/file/upload',
    {
      schema: { tags, summary: '上传文件（可多个），逐个返回成功与失败', querystring: UploadQuery, response: { 200: envelope(UploadResult) } },
      config: { access: 'login' },
    },
    async (req) => {
      const purpose: FilePurpose = req.query.purpose;
      if (purpose === 'qualification' && req.caller!.accountType !== 2) fail('FORBIDDEN');
      return ok(await files.upload(await readParts(req), purpose, req.caller!.userId));
    },
  );

  app.post(
    '/uac/file/noauth/uploadQualification',
    { schema: { tags, summary: '供应商注册：上传资质文件（免登录，按 IP 限流）', response: { 200: envelope(UploadResult) } }, config: { access: 'public' } },
    async (req) => {
      const parts = await readParts(req);
      // counted per file, not per request: one request may carry up to 20 files
      for (let i = 0; i < parts.length; i++) await rateLimit(ctx.kv, `upload-anon:${req.ip}`, UPLOAD_QUOTA.anonymousFilesPerHour, 60 * 60_000);
      return ok(await files.upload(parts, 'qualification', null));
    },
  );

  app.post(
    '/mall/v1/upload/checkFilesByUrl',
    {
      schema: {
        tags,
        summary: '校验已上传文件的地址：逐个回答是否存在、是否本人上传（或公开图片）、类型是否符合用途；他人或未知文件一律回答“文件不存在”',
        body: CheckFilesBody,
        response: { 200: envelope(z.array(CheckedFileVO)) },
      },
      config: { access: 'login' },
    },
    async (req) => ok(await files.checkUrls(req.body.urls, req.caller!.userId, req.body.purpose)),
  );

  app.get(
    '/uac/file/noauth/download',
    { schema: { tags, summary: '下载文件（链接自带签名与有效期）', querystring: DownloadQuery }, config: { access: 'public' } },
    async (req, reply) => {
      // one byte range (a PDF viewer or a resumed download); anything else gets the whole file
      const size = req.headers.range ? await files.sizeOf(req.query) : 0;
      const range = req.headers.range ? singleRange(req.headers.range, size) : null;
      if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
      const f = await files.open(req.query, range ?? undefined);
      reply
        .header('content-type', f.mime)
        .header('accept-ranges', 'bytes')
        .header('content-disposition', `${inlineMimes.has(f.mime) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(f.name)}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=1800');
      if (!range) return reply.header('content-length', f.size).send(f.stream);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${f.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(f.stream);
    },
  );
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against a file of `size` bytes (RFC 9110 §14.1.2); several ranges are answered whole. */
export function singleRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const n = Math.min(Number(m[2]), size);
    return n === 0 ? 'unsatisfiable' : { start: size - n, end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
