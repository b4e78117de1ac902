/**
 * HTTP 410 at login (docs/domains/platform.md#error-catalogue): the web client sends its build version in `X-Client-Version`;
 * a client built before the server's version is told to reload instead of logging in with a
 * stale bundle. A client newer than the process it reached (a rolling deploy, where the old
 * process still serves) is let in: reloading would fetch the same old page again.
 */
export const CLIENT_VERSION_HEADER = 'x-client-version';

const numeric = (v: string) => (/^\d+(\.\d+)*$/.test(v) ? v.split('.').map(Number) : null);

/** True when `client` is older than `server`; versions that are not dotted numbers are older when they differ. */
export function isOutdatedClient(client: string | undefined, server: string): boolean {
  if (!client || client === server) return false;
  const a = numeric(client);
  const b = numeric(server);
  if (!a || !b) return true;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d < 0;
  }
  return false;
}
