import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

export interface BrowserSuiteOptions {
  /** Names the failure screenshots: `<name>-<time>-<n>.png` in the temp directory. */
  name: string;
  /** The server's environment, e.g. `{ CATALOG_ITEMS: '3000' }` for a smaller demo catalog that starts faster. */
  env?: Record<string, string>;
  /** A fresh context and page before each test (the default); off for specs whose tests open their own with `newPage`. */
  pagePerTest?: boolean;
  /** Fills the server's fresh data directory before it starts (a bulk-seeded database; see startServer). */
  prepare?: (dataDir: string) => Promise<void>;
  /** How long starting (prepare, the server, chromium) may take; the config's hookTimeout by default. */
  startTimeoutMs?: number;
}

export interface BrowserSuite {
  /** The server this spec file started. */
  readonly server: RunningServer;
  /** Debian's chromium, launched once for the spec file. */
  readonly browser: Browser;
  /** This test's context and page (with `pagePerTest`). */
  readonly context: BrowserContext;
  readonly page: Page;
  /** A context of its own (zh-CN, pointed at the server), closed after the test. */
  newContext(): Promise<BrowserContext>;
  /** A page in a context of its own, closed after the test. */
  newPage(): Promise<Page>;
}

/**
 * The setup and teardown every browser spec needs, registered as hooks of the spec file:
 * beforeAll starts the server and launches chromium; beforeEach opens this test's context and page;
 * afterEach, when the test failed, saves a screenshot of every open page and prints the tail of the
 * server's output, then closes the test's contexts; afterAll closes the browser and stops the server.
 *
 *   const suite = useBrowserSuite({ name: 'login' });
 *   let page: Page;
 *   beforeEach(() => {
 *     page = suite.page;
 *   });
 *
 * Call it at the top of the spec file, before the spec's own hooks: those then run after the
 * server is up (before-hooks run in order) and before the suite closes anything (after-hooks in reverse).
 */
export function useBrowserSuite(options: BrowserSuiteOptions): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  /** contexts to close after the current test */
  const open: BrowserContext[] = [];
  /** what each open context's pages did lately: API answers and console errors, printed when a test fails */
  const traces = new Map<BrowserContext, string[]>();
  const trace = (c: BrowserContext, line: string) => {
    const lines = traces.get(c) ?? [];
    lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (lines.length > 30) lines.shift();
    traces.set(c, lines);
  };

  const pending = new Map<Request, number>();

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useBrowserSuite(${options.name}): no ${what} here (only inside the spec's hooks and tests)`);
    return value;
  };

  const suite: BrowserSuite = {
    get server() {
      return ready(server, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get context() {
      return ready(context, 'context (pagePerTest is off)');
    },
    get page() {
      return ready(page, 'page (pagePerTest is off)');
    },
    async newContext() {
      const made = await newContext(suite.browser, suite.server.baseUrl);
      open.push(made);
      const isApi = (u: string) => /^\/(uac|mall|supplier|interface|mq)\//.test(new URL(u).pathname);
      // requests still unanswered when a test fails tell a hung server from a request never sent
      made.on('request', (r) => {
        if (isApi(r.url())) pending.set(r, Date.now());
      });
      made.on('requestfinished', (r) => pending.delete(r));
      made.on('requestfailed', (r) => {
        pending.delete(r);
        trace(made, `${r.method()} ${new URL(r.url()).pathname} failed: ${r.failure()?.errorText ?? '?'}`);
      });
      made.on('response', (r) => {
        const url = new URL(r.url());
        if (!isApi(r.url())) return;
        // the business code tells a refusal answered with HTTP 200 from a success
        const json = (r.headers()['content-type'] ?? '').includes('json');
        void (json ? r.text() : Promise.resolve(''))
          .then((body) => /"code":\s*(-?\d+)/.exec(body.slice(0, 200))?.[1] ?? '-')
          .catch(() => '?')
          .then((code) => trace(made, `${r.request().method()} ${url.pathname} → ${r.status()} code ${code}`));
      });
      made.on('console', (m) => {
        if (m.type() === 'error') trace(made, `console: ${m.text().slice(0, 300)}`);
      });
      return made;
    },
    async newPage() {
      return (await suite.newContext()).newPage();
    },
  };

  beforeAll(async () => {
    server = await startServer({
      ...(options.env ? { env: options.env } : {}),
      ...(options.prepare ? { prepare: options.prepare } : {}),
      ...(options.startTimeoutMs ? { timeoutMs: options.startTimeoutMs } : {}),
    });
    browser = await launchBrowser();
  }, options.startTimeoutMs);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  if (options.pagePerTest ?? true) {
    beforeEach(async () => {
      context = await suite.newContext();
      page = await context.newPage();
    });
  }

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      // where the browser was when it failed: a screenshot of each open page, and the server's output
      let n = 0;
      for (const p of open.flatMap((c) => c.pages())) {
        const shot = path.join(tmpdir(), `${options.name}-${Date.now()}-${n++}.png`);
        await p.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
        console.error(`--- page ${p.url()} (screenshot ${shot}) ---`);
        // what the user would read on it: field errors, messages and dialogs
        const shown = await p
          .locator('.ant-form-item-explain-error, .ant-message-notice, .ant-modal-confirm-title, .ant-alert-message')
          .allInnerTexts()
          .catch(() => []);
        if (shown.length) console.error(`shown: ${shown.join(' | ')}`);
      }
      for (const [r, at] of pending) console.error(`unanswered after ${Date.now() - at} ms: ${r.method()} ${new URL(r.url()).pathname}`);
      for (const c of open) console.error(`--- last requests of a context ---\n${(traces.get(c) ?? []).join('\n')}`);
      console.error(`--- server output (tail) ---\n${server?.output().slice(-4000)}`);
    }
    for (const c of open.splice(0)) await c.close();
    traces.clear();
    pending.clear();
    context = undefined;
    page = undefined;
  });

  return suite;
}
