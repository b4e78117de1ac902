/**
 * What the server tells a page before anybody logs in, from /version.json: its version (the guard
 * reloads a stale bundle) and whether the login asks for a captcha (CAPTCHA_ENABLED).
 */
export interface ServerFacts {
  version: string | null;
  /** true unless the server says otherwise: a missing answer must not drop the captcha field */
  captcha: boolean;
}

/** A burst of navigations (redirect chains, search-parameter updates) shares one answer. */
const REUSE_MS = 10_000;
const TIMEOUT_MS = 3_000;

let last: { at: number; facts: ServerFacts } | null = null;

export function parseServerFacts(body: unknown): ServerFacts {
  const b = (body ?? {}) as { version?: unknown; captcha?: unknown };
  return { version: b.version?.toString() ?? null, captcha: b.captcha !== false };
}

export async function fetchServerFacts(): Promise<ServerFacts> {
  if (last && Date.now() - last.at < REUSE_MS) return last.facts;
  let facts: ServerFacts = { version: null, captcha: last?.facts.captcha ?? true };
  try {
    const res = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store', signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (res.ok) facts = parseServerFacts(await res.json());
  } catch {
    // An unreachable version file must not stop navigation.
  }
  last = { at: Date.now(), facts };
  return facts;
}

/** The last answer, if any (the guard asked for it before the login page rendered). */
export function knownServerFacts(): ServerFacts | null {
  return last?.facts ?? null;
}
