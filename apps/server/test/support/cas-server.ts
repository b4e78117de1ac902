import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small CAS server as the CAS protocol (2.0 and 3.0) specifies, for the single-sign-on tests:
 * GET /cas/login shows a login form (or, with ?gateway for tests, nothing), POST /cas/login issues a
 * service ticket for the named user and redirects to `service?ticket=ST-…`; /cas/serviceValidate and
 * /cas/p3/serviceValidate answer the serviceResponse XML. A ticket is good once, for the service
 * it was issued for. `delayMs` holds every validation back (a CAS server that does not answer in time).
 */
export interface CasServer {
  base: string;
  /** issues a ticket directly, as the login form would */
  issue(user: string, service: string): string;
  /** attributes answered for a user (3.0 and 2.0 alike, as many CAS servers do) */
  attributes: Map<string, Record<string, string>>;
  /** validation requests seen */
  validations: number;
  delayMs: number;
  close(): Promise<void>;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startCasServer(): Promise<CasServer> {
  const tickets = new Map<string, { user: string; service: string }>();
  const state: Pick<CasServer, 'attributes' | 'validations' | 'delayMs'> = { attributes: new Map(), validations: 0, delayMs: 0 };
  const issue = (user: string, service: string) => {
    const t = `ST-${randomBytes(16).toString('hex')}`;
    tickets.set(t, { user, service });
    return t;
  };
  const failure = (code: string, msg: string) =>
    `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="${code}">${esc(msg)}</cas:authenticationFailure></cas:serviceResponse>`;
  const success = (user: string) => {
    const attrs = state.attributes.get(user) ?? {};
    const inner = Object.entries(attrs)
      .map(([k, v]) => `<cas:${k}>${esc(v)}</cas:${k}>`)
      .join('');
    return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${esc(user)}</cas:user><cas:attributes>${inner}</cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cas.test');
    const service = url.searchParams.get('service') ?? '';
    if (url.pathname === '/cas/login' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><body><h1>统一身份认证（测试）</h1><form method="post" action="/cas/login?service=${encodeURIComponent(service)}"><input name="username" aria-label="用户名"><button type="submit">登录</button></form></body></html>`,
      );
      return;
    }
    if (url.pathname === '/cas/login' && req.method === 'POST') {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const user = new URLSearchParams(body).get('username') ?? '';
        const sep = service.includes('?') ? '&' : '?';
        res.writeHead(302, { location: `${service}${sep}ticket=${issue(user, service)}` });
        res.end();
      });
      return;
    }
    if (url.pathname === '/cas/serviceValidate' || url.pathname === '/cas/p3/serviceValidate') {
      state.validations++;
      const answer = () => {
        const ticket = url.searchParams.get('ticket') ?? '';
        const t = tickets.get(ticket);
        tickets.delete(ticket);
        let xml: string;
        if (!t) xml = failure('INVALID_TICKET', `Ticket ${ticket} not recognized`);
        else if (t.service !== service) xml = failure('INVALID_SERVICE', `Ticket ${ticket} does not match supplied service`);
        else xml = success(t.user);
        if (!res.destroyed) {
          res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
          res.end(xml);
        }
      };
      if (state.delayMs) setTimeout(answer, state.delayMs);
      else answer();
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const cas: CasServer = {
    base: `http://127.0.0.1:${port}/cas`,
    issue,
    get attributes() {
      return state.attributes;
    },
    get validations() {
      return state.validations;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(v: number) {
      state.delayMs = v;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return cas;
}
