import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A minimal S3-compatible server for the file-store contract tests: path-style PutObject,
 * GetObject (with Range), DeleteObject and multipart uploads, answering as S3 does (XML errors,
 * 206 with Content-Range). It does not check signatures: the point is the adapter's use of the protocol.
 */
export async function startFakeS3(): Promise<{ endpoint: string; objects: Map<string, Buffer>; close: () => Promise<void> }> {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();
  let nextUpload = 0;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const key = decodeURIComponent(url.pathname.slice(1));
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const xml = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${text}`);
    };
    const uploadId = url.searchParams.get('uploadId');
    if (req.method === 'POST' && url.searchParams.has('uploads')) {
      const id = `up-${++nextUpload}`;
      uploads.set(id, { key, parts: new Map() });
      return xml(200, `<InitiateMultipartUploadResult><Bucket>b</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
    }
    if (uploadId) {
      const up = uploads.get(uploadId);
      if (!up) return xml(404, '<Error><Code>NoSuchUpload</Code><Message>no such upload</Message></Error>');
      if (req.method === 'PUT') {
        const n = Number(url.searchParams.get('partNumber'));
        up.parts.set(n, body);
        res.writeHead(200, { etag: `"part-${n}"` });
        return res.end();
      }
      if (req.method === 'POST') {
        const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
        objects.set(up.key, Buffer.concat(numbers.map((n) => up.parts.get(n) ?? Buffer.alloc(0))));
        uploads.delete(uploadId);
        return xml(200, `<CompleteMultipartUploadResult><Key>${up.key}</Key><ETag>"whole"</ETag></CompleteMultipartUploadResult>`);
      }
      if (req.method === 'DELETE') {
        uploads.delete(uploadId);
        res.writeHead(204);
        return res.end();
      }
    }
    if (req.method === 'PUT') {
      objects.set(key, body);
      res.writeHead(200, { etag: '"whole"' });
      return res.end();
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    if (req.method === 'GET') {
      const data = objects.get(key);
      if (!data) return xml(404, `<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`);
      const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      if (!m) {
        res.writeHead(200, { 'content-length': data.length });
        return res.end(data);
      }
      const start = Number(m[1]);
      const end = Math.min(m[2] ? Number(m[2]) : data.length - 1, data.length - 1);
      res.writeHead(206, { 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${data.length}` });
      return res.end(data.subarray(start, end + 1));
    }
    xml(405, '<Error><Code>MethodNotAllowed</Code><Message>not here</Message></Error>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, objects, close: () => new Promise((r) => server.close(() => r())) };
}
