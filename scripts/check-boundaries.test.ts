import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brokenRule, cyclesOf, importsOf, unitOf } from './boundary-rules.ts';

// Run by `npm run test:scripts` (node's test runner through tsx), part of `npm run test:unit`.

const web = (p: string) => `apps/web/src/${p}`;
const server = (p: string) => `apps/server/src/${p}`;

describe('web boundaries', () => {
  it('lets a feature import its own files, components/, lib/ and packages', () => {
    assert.equal(brokenRule(web('features/buying/mall/pages/cart-page.tsx'), web('features/buying/mall/api/cart-api.ts')), null);
    assert.equal(brokenRule(web('features/buying/mall/pages/cart-page.tsx'), web('components/page-frame.tsx')), null);
    assert.equal(brokenRule(web('features/buying/mall/pages/cart-page.tsx'), web('lib/format.ts')), null);
    assert.equal(brokenRule(web('features/buying/mall/pages/cart-page.tsx'), null), null);
  });

  it('lets a feature reach another only through its index.ts', () => {
    assert.equal(brokenRule(web('features/finance/claims/pages/x.tsx'), web('features/buying/orders/index.ts')), null);
    assert.equal(brokenRule(web('features/finance/claims/pages/x.tsx'), web('features/buying/orders')), null);
    assert.match(
      brokenRule(web('features/finance/claims/pages/x.tsx'), web('features/buying/orders/components/order-table.tsx')) ?? '',
      /features\/buying\/orders\/index\.ts/,
    );
    assert.match(brokenRule(web('features/buying/mall/routes.tsx'), web('features/buying/orders/routes.tsx')) ?? '', /index\.ts/);
  });

  it('keeps features out of app/ and shell/', () => {
    assert.ok(brokenRule(web('features/buying/mall/routes.tsx'), web('app/lazy-route.tsx')));
    assert.ok(brokenRule(web('features/site/content/use-help-menu.ts'), web('shell/help-window-store.ts')));
  });

  it('keeps components/ and lib/ below the features and the app', () => {
    assert.ok(brokenRule(web('components/page-flags.tsx'), web('features/identity/uac/index.ts')));
    assert.ok(brokenRule(web('lib/session.ts'), web('app/guard-loader.ts')));
    assert.equal(brokenRule(web('components/file-picker.tsx'), web('lib/files-api.ts')), null);
  });

  it('lets app/ and shell/ use a feature’s index.ts, routes.tsx and menu-pages.ts only', () => {
    assert.equal(brokenRule(web('app/features.ts'), web('features/buying/mall/routes.tsx')), null);
    assert.equal(brokenRule(web('app/menu-pages.ts'), web('features/buying/mall/menu-pages.ts')), null);
    assert.equal(brokenRule(web('shell/help-window.tsx'), web('features/site/content/index.ts')), null);
    assert.ok(brokenRule(web('app/routes.tsx'), web('features/identity/uac/pages/login-page.tsx')));
  });
});

describe('server boundaries', () => {
  it('lets a module import platform/, its own files and other modules’ index.ts', () => {
    assert.equal(brokenRule(server('modules/buying/orders/order-moves.service.ts'), server('platform/db/schema.ts')), null);
    assert.equal(brokenRule(server('modules/buying/orders/order-moves.service.ts'), server('modules/buying/orders/order-states.ts')), null);
    assert.equal(brokenRule(server('modules/buying/orders/order-moves.service.ts'), server('modules/identity/rbac/index.ts')), null);
    assert.match(
      brokenRule(server('modules/buying/orders/approvers.ts'), server('modules/identity/rbac/grants.repository.ts')) ?? '',
      /modules\/identity\/rbac\/index\.ts/,
    );
  });

  it('lets a context import only its own and lower contexts', () => {
    // buying stands above supply and ledgers: down is fine, up is not
    assert.equal(brokenRule(server('modules/buying/mall/cart.service.ts'), server('modules/supply/catalog/index.ts')), null);
    assert.match(
      brokenRule(server('modules/supply/agreements/agreements.service.ts'), server('modules/buying/mall/index.ts')) ?? '',
      /supply may not import buying/,
    );
    assert.match(
      brokenRule(server('modules/buying/orders/order.repository.ts'), server('modules/finance/settlement/index.ts')) ?? '',
      /buying may not import finance/,
    );
    assert.match(brokenRule(server('modules/nowhere/x/a.ts'), server('modules/shared/files/index.ts')) ?? '', /not in a known context/);
    assert.match(brokenRule(server('modules/orders/a.ts'), server('modules/shared/files/index.ts')) ?? '', /not in a known context/);
  });

  it('keeps platform/ below the modules', () => {
    assert.ok(brokenRule(server('platform/http/app-errors.ts'), server('modules/identity/uac/index.ts')));
    assert.equal(brokenRule(server('platform/http/app-errors.ts'), server('platform/db/schema.ts')), null);
  });

  it('exempts tests, test support and db/', () => {
    assert.equal(brokenRule(server('modules/buying/orders/x.test.ts'), server('modules/identity/rbac/grants.repository.ts')), null);
    assert.equal(brokenRule('apps/server/test/support/app.ts', server('modules/identity/rbac/grants.repository.ts')), null);
    assert.equal(brokenRule(server('db/seed/index.ts'), server('modules/identity/rbac/grants.repository.ts')), null);
  });
});

describe('units and cycles', () => {
  it('names the unit of a server module or a web feature as <context>/<name>', () => {
    assert.equal(unitOf(server('modules/buying/orders/placement/order-insertion.ts'))?.id, 'buying/orders');
    assert.equal(unitOf(web('features/supply/agreements/pages/contract-review-page.tsx'))?.id, 'supply/agreements');
    assert.equal(unitOf(server('platform/db/schema.ts')), null);
  });

  it('finds every circle of units, and none in a one-way graph', () => {
    const graph = (edges: [string, string][]) => {
      const m = new Map<string, Set<string>>();
      for (const [a, b] of edges) m.set(a, new Set([...(m.get(a) ?? []), b]));
      return m;
    };
    assert.deepEqual(
      cyclesOf(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'd'],
        ]),
      ),
      [],
    );
    assert.deepEqual(cyclesOf(graph([['a', 'a']])), []);
    assert.deepEqual(
      cyclesOf(
        graph([
          ['orders', 'settlement'],
          ['settlement', 'claims'],
          ['claims', 'invoices'],
          ['invoices', 'orders'],
          ['mall', 'agreements'],
          ['agreements', 'mall'],
          ['x', 'orders'],
        ]),
      ),
      [
        ['agreements', 'mall'],
        ['claims', 'invoices', 'orders', 'settlement'],
      ],
    );
  });
});

describe('import parsing', () => {
  it('finds static, type-only, re-export, side-effect and dynamic imports with their lines', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      'import {',
      '  c,',
      "} from './c.ts';",
      "export { d } from './d.ts';",
      "export * from './e.ts';",
      "import './f.css';",
      "const g = () => import('./g.tsx');",
      "// import { h } from './h.ts';",
      "/* import { i } from './i.ts'; */",
      "const s = 'from here';",
    ].join('\n');
    assert.deepEqual(importsOf(source), [
      { specifier: './a.ts', line: 1 },
      { specifier: '../b.ts', line: 2 },
      { specifier: './c.ts', line: 5 },
      { specifier: './d.ts', line: 6 },
      { specifier: './e.ts', line: 7 },
      { specifier: './f.css', line: 8 },
      { specifier: './g.tsx', line: 9 },
    ]);
  });
});
