// @vitest-environment jsdom
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from './guard-loader.ts';
import { appRoutes } from './routes.tsx';
import { SPEC_ROUTES, specRoute } from './spec-routes.ts';

// ../shared/spec-routes.txt sits beside the repository (CI clones it there too).
const SPEC_FILE = path.resolve(import.meta.dirname, '../../../../../shared/spec-routes.txt');
const specLines = existsSync(SPEC_FILE)
  ? readFileSync(SPEC_FILE, 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
      .map((l) => {
        const [kind, p] = l.trim().split(/\s+/);
        return { kind, path: p };
      })
  : [];

describe('route table (docs/domains/platform.md#route-classes)', () => {
  it.skipIf(!specLines.length)('lists every route of spec-routes.txt with its access class', () => {
    expect(SPEC_ROUTES.map((r) => `${r.kind} ${r.path}`).sort()).toEqual(specLines.map((l) => `${l.kind} ${l.path}`).sort());
  });

  it('gives each class its meta', () => {
    for (const r of SPEC_ROUTES) {
      if (r.kind === 'public') expect(r.meta.nologin, r.path).toBe(true);
      if (r.kind === 'login') expect(r.meta.nomenu, r.path).toBe(true);
      if (r.kind === 'print') expect(r.meta.print && r.meta.nomenu, r.path).toBe(true);
      if (r.kind === 'dashboard') expect(r.meta.userType, r.path).toBeDefined();
      expect(r.meta.title, r.path).toBeTruthy();
    }
    expect(specRoute('/UnFreeze')?.meta.requireProgrammaticNavigation).toBe(true);
  });

  it('renders every spec route with a page of its own (not the catch-all)', () => {
    const routes = appRoutes();
    for (const r of SPEC_ROUTES) {
      const matches = matchRoutes(routes, r.path) ?? [];
      const leaf = matches[matches.length - 1]?.route.handle as RouteHandle | undefined;
      expect(matches.length, r.path).toBeGreaterThan(0);
      expect(leaf?.catchAll ?? false, r.path).toBe(false);
      expect(leaf?.menuSection ?? 0, r.path).toBe(0);
    }
  });
});
