import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * JSON and form bodies are read as text first: the signature covers the exact bytes sent.
 * Repeated form keys become arrays; '__proto__' and friends never reach an object.
 */
export function registerBodyParsers(app: FastifyInstance) {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    req.rawBody = text;
    if (text.trim() === '') return done(null, {});
    try {
      done(
        null,
        JSON.parse(text, (k, v) => (k === '__proto__' || k === 'constructor' ? undefined : v)),
      );
    } catch {
      done(new AppError('BAD_REQUEST', '请求体不是合法的 JSON'), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    req.rawBody = text;
    const out: Record<string, string | string[]> = Object.create(null);
    for (const [k, v] of new URLSearchParams(text)) {
      const prev = out[k];
      out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    done(null, { ...out });
  });
}
