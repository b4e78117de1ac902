import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ErrorCodes } from '@kc/contracts/platform/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

const FIELD_NAMES: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

/** Error answers say what they are, so echoed input is never sniffed as HTML. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Failures Node's HTTP parser meets before Fastify sees a request (headers too large, a malformed
 * request line, a body cut off): answered in the envelope too, then the socket is closed.
 */
export function clientErrorAnswer(err: NodeJS.ErrnoException & { code?: string }): { status: number; body: string } {
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, '请求头过大']
      : err.code === 'HPE_REQUEST_TIMEOUT' || err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, '请求超时']
        : [400, '请求格式有误'];
  const body = JSON.stringify({ code: status === 400 ? ErrorCodes.BAD_REQUEST.code : status, message, data: null });
  return { status, body };
}

/** Fastify's clientErrorHandler: the envelope on the raw socket, or just close it when the client is gone. */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const a = clientErrorAnswer(err);
  socket.end(
    `HTTP/1.1 ${a.status} ${STATUS_CODES[a.status]}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(a.body)}\r\nConnection: close\r\n\r\n${a.body}`,
  );
}

/** Maps every failure to the envelope; malformed input is 400 with a Chinese message naming the field. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      const body: Record<string, unknown> = { code: err.code, message: err.message, data: err.data };
      if (err.status === 401) body.error = 'invalid_token';
      // Some business errors travel with HTTP 200 (10035, 50001, 10048): the route's 200 response schema
      // describes success, not this body, so it must not be used to serialize it.
      return reply.status(err.status).type(JSON_TYPE).serializer(JSON.stringify).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const where = FIELD_NAMES[err.validationContext ?? ''] ?? '参数';
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      // fastify-type-provider-zod puts zod's issue code in `keyword` and the rest of the issue in `params`
      const msg = chineseIssue(issue.keyword, issue.message ?? '', issue.params as { keys?: unknown });
      return reply
        .status(400)
        .type(JSON_TYPE)
        .send({ code: ErrorCodes.BAD_REQUEST.code, message: field ? `${where}字段 ${field}：${msg}` : `${where}：${msg}`, data: null });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.status(413).type(JSON_TYPE).send({ code: 413, message: '请求体过大', data: null });
    if (status === 415) return reply.status(400).type(JSON_TYPE).send({ code: ErrorCodes.BAD_REQUEST.code, message: '不支持的请求体类型', data: null });
    if (status >= 400 && status < 500) {
      return reply.status(400).type(JSON_TYPE).send({ code: ErrorCodes.BAD_REQUEST.code, message: '请求格式有误', data: null });
    }
    req.log.error({ err }, '未处理的服务器错误');
    return reply.status(500).type(JSON_TYPE).send({ code: ErrorCodes.SERVER_ERROR.code, message: ErrorCodes.SERVER_ERROR.message, data: null });
  });
}

/** zod's own messages are English unless a schema gave one; translate the common kinds. */
function chineseIssue(code: string | undefined, message: string, params: { keys?: unknown } | undefined): string {
  const m = message;
  if (/[\u4e00-\u9fa5]/.test(m)) return m;
  switch (code) {
    case 'invalid_type':
      return /received undefined/.test(m) ? '不能为空' : '类型不正确';
    case 'too_small':
      return '长度或数值过小';
    case 'too_big':
      return '长度或数值过大';
    case 'unrecognized_keys': {
      const keys = Array.isArray(params?.keys) ? params.keys.map((k) => String(k).slice(0, 40)).slice(0, 5) : [];
      return keys.length ? `包含不允许的字段 ${keys.join('、')}` : '包含不允许的字段';
    }
    case 'invalid_format':
    case 'invalid_string':
      return '格式不正确';
    case 'invalid_value':
    case 'invalid_enum_value':
    case 'invalid_union':
      return '取值不在允许范围内';
    default:
      return '格式不正确';
  }
}
