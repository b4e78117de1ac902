import { randomBytes } from 'node:crypto';
import { PUBLIC_SIGN_KEY } from '@kc/contracts/platform/signing';
import type { BuiltApp } from '../../src/app.ts';
import { BASIC, type Session, signedHeaders } from './sessions.ts';

/** A tiny real PNG (1×1) and a JPEG header, for upload tests. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
export const PDF_MINI = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Sends a signed multipart upload (multipart bodies are signed with the empty-body hash, docs/API.md). */
export async function upload(
  app: BuiltApp['app'],
  url: string,
  files: { name: string; data: Buffer; type?: string }[],
  session: Session | null = null,
  opts: { remoteAddress?: string } = {},
) {
  const boundary = `----kc${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const sig = signedHeaders('POST', url, '', session?.signKey ?? PUBLIC_SIGN_KEY);
  const res = await app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat(chunks),
    headers: { ...sig, authorization: session ? `Bearer ${session.token}` : BASIC, 'content-type': `multipart/form-data; boundary=${boundary}` },
    remoteAddress: opts.remoteAddress,
  });
  return { status: res.statusCode, body: res.json() };
}
