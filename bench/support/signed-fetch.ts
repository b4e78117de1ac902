import { createHash, createHmac } from 'node:crypto';
import { makeNonce, PUBLIC_SIGN_KEY, signingString, WEB_CLIENT_ID, WEB_CLIENT_SECRET } from '@kc/contracts/platform/signing';
import type autocannon from 'autocannon';

export const BASIC = `Basic ${Buffer.from(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`).toString('base64')}`;

// A bench signs hundreds of requests per millisecond ahead of a run; five random characters per
// millisecond then collide now and then, and the server rightly refuses the replay. Keep them unique.
const issued = new Set<string>();
function uniqueNonce() {
  let nonce = makeNonce();
  while (issued.has(nonce)) nonce = makeNonce();
  issued.add(nonce);
  return nonce;
}

/** The signature headers for one request (docs/API.md "Signing"). */
export function signHeaders(method: string, target: string, body: string, key: string) {
  const nonce = uniqueNonce();
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return {
    nonce,
    sign: createHmac('sha256', key)
      .update(signingString(method, target, nonce, bodyHash))
      .digest('hex'),
  };
}

export async function loginOverHttp(base: string, username: string, password: string) {
  const target = '/uac/oauth/token';
  const body = new URLSearchParams({ grant_type: 'password', username, password }).toString();
  const r = await fetch(base + target, {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded', ...signHeaders('POST', target, body, PUBLIC_SIGN_KEY) },
    body,
  });
  const j = (await r.json()) as { code: number; message: string; data: { access_token: string; sign_key: string } };
  if (j.code !== 200) throw new Error(`登录失败：${j.message}`);
  return { token: j.data.access_token, signKey: j.data.sign_key };
}

/**
 * autocannon requests: GETs of `target` as `session`, signed before the run so that signing costs
 * the load generator (which shares the cores with the server) nothing while it runs. Each request
 * gets its own nonce and path (`?t=`); past the first `count`, they are signed as they go.
 */
export function presignedGets(
  session: { token: string; signKey: string },
  target: string,
  count: number,
  headers: Record<string, string> = {},
): autocannon.Request[] {
  const sign = (i: number) => {
    const path = `${target}?t=${i.toString(36)}`;
    return { path, headers: { authorization: `Bearer ${session.token}`, ...headers, ...signHeaders('GET', path, '', session.signKey) } };
  };
  const signed = Array.from({ length: count }, (_, i) => sign(i));
  let next = 0;
  return [
    {
      method: 'GET',
      path: target,
      setupRequest: (req: any) => {
        const s = signed[next] ?? sign(next);
        next += 1;
        req.path = s.path;
        req.headers = s.headers;
        return req;
      },
    },
  ];
}
