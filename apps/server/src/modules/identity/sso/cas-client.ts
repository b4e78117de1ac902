/**
 * The CAS protocol client (CAS 2.0 /serviceValidate, 3.0 /p3/serviceValidate): the login URL the
 * browser is sent to, and the back-channel check of a service ticket. The check never waits longer
 * than the timeout (docs/domains/identity.md#sso: external lookups 1000 ms); the AbortController also closes the socket.
 */
export const CAS_TIMEOUT_MS = 1000;

export type CasOutcome =
  | { ok: true; user: string; attributes: Record<string, string[]> }
  | { ok: false; reason: 'rejected'; code: string; message: string }
  | { ok: false; reason: 'unreachable'; message: string };

const trimSlash = (u: string) => u.replace(/\/+$/, '');

export const casLoginUrl = (base: string, service: string) => `${trimSlash(base)}/login?service=${encodeURIComponent(service)}`;

export function casValidateUrl(base: string, version: '2.0' | '3.0', service: string, ticket: string) {
  const path = version === '3.0' ? '/p3/serviceValidate' : '/serviceValidate';
  return `${trimSlash(base)}${path}?service=${encodeURIComponent(service)}&ticket=${encodeURIComponent(ticket)}`;
}

export async function validateTicket(o: {
  base: string;
  version: '2.0' | '3.0';
  service: string;
  ticket: string;
  timeoutMs?: number;
  fetchFn?: typeof fetch;
}): Promise<CasOutcome> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), o.timeoutMs ?? CAS_TIMEOUT_MS);
  try {
    const res = await (o.fetchFn ?? fetch)(casValidateUrl(o.base, o.version, o.service, o.ticket), {
      signal: ctl.signal,
      headers: { accept: 'application/xml, text/xml' },
      redirect: 'error',
    });
    if (!res.ok) return { ok: false, reason: 'unreachable', message: `CAS 服务返回 HTTP ${res.status}` };
    const body = await res.text();
    return parseServiceResponse(body);
  } catch (e) {
    const aborted = ctl.signal.aborted;
    return { ok: false, reason: 'unreachable', message: aborted ? 'CAS 服务响应超时' : `CAS 服务无法连接：${(e as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string) =>
  s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
      e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1))) : XML_ENTITIES[e.toLowerCase()],
    )
    .trim();

/**
 * Reads the serviceResponse document (CAS protocol 3.0 §2.5.2, §2.5.3). The document is tiny and
 * fixed in shape; a reader of those few elements, whatever their namespace prefix, is enough and
 * expands no entities or DTDs.
 */
export function parseServiceResponse(xml: string): CasOutcome {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { ok: false, reason: 'rejected', code: 'INVALID_RESPONSE', message: 'CAS 应答格式不正确' };
  const tag = (name: string) => `(?:[A-Za-z_][\\w.-]*:)?${name}`;
  const failure = new RegExp(`<${tag('authenticationFailure')}([^>]*)>([\\s\\S]*?)</${tag('authenticationFailure')}>`).exec(xml);
  if (failure) {
    const code = /code\s*=\s*"([^"]*)"/.exec(failure[1])?.[1] ?? 'UNKNOWN';
    return { ok: false, reason: 'rejected', code, message: decode(failure[2]) };
  }
  const success = new RegExp(`<${tag('authenticationSuccess')}[^>]*>([\\s\\S]*?)</${tag('authenticationSuccess')}>`).exec(xml);
  if (!success) return { ok: false, reason: 'rejected', code: 'INVALID_RESPONSE', message: 'CAS 应答格式不正确' };
  const user = new RegExp(`<${tag('user')}>([\\s\\S]*?)</${tag('user')}>`).exec(success[1]);
  if (!user || !decode(user[1])) return { ok: false, reason: 'rejected', code: 'INVALID_RESPONSE', message: 'CAS 应答缺少用户' };
  const attributes: Record<string, string[]> = {};
  const attrs = new RegExp(`<${tag('attributes')}>([\\s\\S]*?)</${tag('attributes')}>`).exec(success[1]);
  if (attrs) {
    for (const m of attrs[1].matchAll(/<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)>([\s\S]*?)<\/(?:[A-Za-z_][\w.-]*:)?\1>/g)) {
      attributes[m[1]] = [...(attributes[m[1]] ?? []), decode(m[2])];
    }
  }
  return { ok: true, user: decode(user[1]), attributes };
}
