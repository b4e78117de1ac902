import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brokenRule, importsOf } from './boundary-rules.ts';

// Run by `npm run test:scripts` (node's test runner through tsx), part of `npm run test:unit`.

const web = (p: string) => `apps/web/src/${p}`;
const server = (p: string) => `apps/server/src/${p}`;

describe('web boundaries', () => {
  it('lets a feature import its own files, components/, lib/ and packages', () => {
    assert.equal(brokenRule(web('features/mall/pages/cart-page.tsx'), web('features/mall/api/cart-api.ts')), null);
    assert.equal(brokenRule(web('features/mall/pages/cart-page.tsx'), web('components/page-frame.tsx')), null);
    assert.equal(brokenRule(web('features/mall/pages/cart-page.tsx'), web('lib/format.ts')), null);
    assert.equal(brokenRule(web('features/mall/pages/cart-page.tsx'), null), null);
  });

  it('lets a feature reach another only through its index.ts', () => {
    assert.equal(brokenRule(web('features/supplier-orders/pages/x.tsx'), web('features/orders/index.ts')), null);
    assert.equal(brokenRule(web('features/supplier-orders/pages/x.tsx'), web('features/orders')), null);
    assert.match(
      brokenRule(web('features/supplier-orders/pages/x.tsx'), web('features/orders/components/order-table.tsx')) ?? '',
      /features\/orders\/index\.ts/,
    );
    assert.match(brokenRule(web('features/mall/routes.tsx'), web('features/orders/routes.tsx')) ?? '', /index\.ts/);
  });

  it('keeps features out of app/ and shell/', () => {
    assert.ok(brokenRule(web('features/mall/routes.tsx'), web('app/lazy-route.tsx')));
    assert.ok(brokenRule(web('features/help/use-help-menu.ts'), web('shell/help-window-store.ts')));
  });

  it('keeps components/ and lib/ below the features and the app', () => {
    assert.ok(brokenRule(web('components/page-flags.tsx'), web('features/auth/index.ts')));
    assert.ok(brokenRule(web('lib/session.ts'), web('app/guard-loader.ts')));
    assert.equal(brokenRule(web('components/file-picker.tsx'), web('lib/files-api.ts')), null);
  });

  it('lets app/ and shell/ use a feature’s index.ts, routes.tsx and menu-pages.ts only', () => {
    assert.equal(brokenRule(web('app/features.ts'), web('features/mall/routes.tsx')), null);
    assert.equal(brokenRule(web('app/menu-pages.ts'), web('features/mall/menu-pages.ts')), null);
    assert.equal(brokenRule(web('shell/help-window.tsx'), web('features/help/index.ts')), null);
    assert.ok(brokenRule(web('app/routes.tsx'), web('features/auth/pages/login-page.tsx')));
  });
});

describe('server boundaries', () => {
  it('lets a module import platform/, its own files and other modules’ index.ts', () => {
    assert.equal(brokenRule(server('modules/orders/lifecycle.service.ts'), server('platform/db/schema.ts')), null);
    assert.equal(brokenRule(server('modules/orders/lifecycle.service.ts'), server('modules/orders/order-states.ts')), null);
    assert.equal(brokenRule(server('modules/orders/lifecycle.service.ts'), server('modules/rbac/index.ts')), null);
    assert.match(brokenRule(server('modules/orders/approvers.ts'), server('modules/rbac/grants.repository.ts')) ?? '', /modules\/rbac\/index\.ts/);
  });

  it('lets a read-model module read other modules’ repositories', () => {
    assert.equal(brokenRule(server('modules/statistics/orders.query.ts'), server('modules/orders/order.repository.ts')), null);
    assert.ok(brokenRule(server('modules/statistics/orders.query.ts'), server('modules/orders/lifecycle.service.ts')));
  });

  it('keeps platform/ below the modules', () => {
    assert.ok(brokenRule(server('platform/http/app-errors.ts'), server('modules/uac/index.ts')));
    assert.equal(brokenRule(server('platform/http/app-errors.ts'), server('platform/db/schema.ts')), null);
  });

  it('exempts tests, test support and db/', () => {
    assert.equal(brokenRule(server('modules/orders/lifecycle.test.ts'), server('modules/rbac/grants.repository.ts')), null);
    assert.equal(brokenRule('apps/server/test/support/app.ts', server('modules/rbac/grants.repository.ts')), null);
    assert.equal(brokenRule(server('db/seed/index.ts'), server('modules/rbac/grants.repository.ts')), null);
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
