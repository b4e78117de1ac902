/**
 * The import boundaries of the web app and the server (the rules `npm run lint` enforces through
 * check-boundaries.ts). Pure: paths in, the broken rule out, so the rules are unit-tested.
 *
 * The domain map (docs/ARCHITECTURE.md): server modules live in `modules/<context>/<module>/`,
 * web features in `features/<context>/<domain>/`, contracts in `packages/contracts/src/<context>/`.
 * Contexts are ordered lowest first (CONTEXTS); a unit may import its own context and any context
 * below it, never one above. Module → module and feature → feature imports must also form no
 * cycle (checked over the whole graph in check-boundaries.ts, see `cyclesOf`).
 *
 * Web (apps/web/src):
 * - features/<c>/<d>/ may import components/, lib/, its own files, and another feature only through
 *   features/<c2>/<d2>/index.ts, with c2 at or below c; never app/ or shell/ (the app's chrome).
 * - components/ and lib/ import neither features/ nor app/ nor shell/.
 * - app/ and shell/ reach a feature through its index.ts, or the page declarations the app
 *   composes: routes.tsx (static paths; the entry imports it, so lazy loaders only) and
 *   menu-pages.ts (pages for the server's menu `component` names).
 * Server (apps/server/src):
 * - modules/<c>/<m>/ may import platform/, its own files, and another module only through
 *   modules/<c2>/<m2>/index.ts, with c2 at or below c.
 * - platform/ never imports modules/.
 * - Tests (*.test.ts, apps/server/test/) and db/ (migrations, seed) are exempt.
 * Packages (npm, node:, @kc/contracts) are always allowed.
 */

/**
 * The contexts, lowest first. Server and contracts use the first eight; the web adds `workspace`
 * on top for what is only a screen (the dashboard that gathers every domain's to-do, the error
 * and print frames, the public pages that show several domains).
 */
export const CONTEXTS = ['shared', 'site', 'ledgers', 'identity', 'supply', 'buying', 'finance', 'oversight', 'workspace'] as const;
export type Context = (typeof CONTEXTS)[number];

const rank = (c: string) => (CONTEXTS as readonly string[]).indexOf(c);

export interface ImportRef {
  /** the specifier as written */
  specifier: string;
  /** 1-based line of the specifier */
  line: number;
}

/**
 * The specifiers of a TypeScript source: `import … from`, `import type … from`, `export … from`,
 * side-effect `import '…'` and dynamic `import('…')`. Comments are blanked first (keeping lines).
 */
export function importsOf(source: string): ImportRef[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/^\s*\/\/.*$/gm, (c) => ' '.repeat(c.length));
  const found: { at: number; specifier: string }[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[\w*{}\s,$]*?\bfrom\s*['"]([^'"\n]+)['"]/g,
    /\bimport\s*['"]([^'"\n]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
  ];
  for (const re of patterns) {
    for (const m of text.matchAll(re)) found.push({ at: (m.index ?? 0) + m[0].lastIndexOf(m[1]), specifier: m[1] });
  }
  return found.sort((a, b) => a.at - b.at).map(({ at, specifier }) => ({ specifier, line: text.slice(0, at).split('\n').length }));
}

/** Whether a specifier names a package (npm, node:, @kc/contracts) rather than a file of this repository. */
export function isPackage(specifier: string): boolean {
  return !specifier.startsWith('.') && !specifier.startsWith('/');
}

const WEB = 'apps/web/src/';
/** A feature's page declarations, which the app composes (besides its index.ts). */
const APP_ENTRIES = ['routes', 'menu-pages'];
const SERVER = 'apps/server/src/';

const stripExt = (p: string) => p.replace(/\.(tsx?|jsx?|mts|cts)$/, '');

/** A unit of the map: a server module or a web feature, `<context>/<name>`, and the path inside it. */
export interface Unit {
  context: string;
  name: string;
  /** `<context>/<name>` */
  id: string;
  rest: string;
}

/** `<prefix><context>/<name>/rest`: the unit a path lies in, or null. */
function unitUnder(path: string, prefix: string): Unit | null {
  if (!path.startsWith(prefix)) return null;
  const [context, name, ...rest] = path.slice(prefix.length).split('/');
  if (!context || !name) return null;
  return { context, name, id: `${context}/${name}`, rest: rest.join('/') };
}

/** The server module or web feature a repository path belongs to, or null (platform, app, lib …). */
export function unitOf(path: string): Unit | null {
  return unitUnder(path, `${SERVER}modules/`) ?? unitUnder(path, `${WEB}features/`);
}

/** The folder's public entry: `<dir>`, `<dir>/index`, `<dir>/index.ts(x)`. */
const isIndex = (rest: string) => rest === '' || stripExt(rest) === 'index';

/** Why a unit's context is unknown or lies above the importer's, or null when the direction is fine. */
function directionRule(from: Unit, to: Unit, kind: string): string | null {
  if (rank(from.context) < 0) return `${kind} ${from.id} is not in a known context (${CONTEXTS.join(' < ')})`;
  if (rank(to.context) < 0) return `${kind} ${to.id} is not in a known context (${CONTEXTS.join(' < ')})`;
  if (rank(to.context) > rank(from.context)) {
    return `${from.context} may not import ${to.context}: contexts import only their own and lower ones (${CONTEXTS.join(' < ')})`;
  }
  return null;
}

function webArea(path: string): string {
  const rel = path.slice(WEB.length);
  return rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : '';
}

function checkWeb(importer: string, target: string): string | null {
  if (!target.startsWith(WEB)) return 'web files import only apps/web/src and packages';
  const from = webArea(importer);
  const to = webArea(target);
  const own = unitUnder(importer, `${WEB}features/`);
  const targetFeature = unitUnder(target, `${WEB}features/`);
  if (from === 'features' && !own) return 'web features live in features/<context>/<domain>/';
  if (own) {
    if (targetFeature?.id === own.id) return null;
    if (to === 'components' || to === 'lib') return null;
    if (targetFeature) {
      if (!isIndex(targetFeature.rest)) return `another feature only through features/${targetFeature.id}/index.ts`;
      return directionRule(own, targetFeature, 'feature');
    }
    return 'features import components/, lib/ and other features, not app/ or shell/';
  }
  if (from === 'components' || from === 'lib') {
    return to === 'features' || to === 'app' || to === 'shell' ? `${from}/ must not import features/, app/ or shell/` : null;
  }
  if (targetFeature && !isIndex(targetFeature.rest) && !APP_ENTRIES.includes(stripExt(targetFeature.rest))) {
    return `app/ and shell/ reach a feature through features/${targetFeature.id}/index.ts, routes.tsx or menu-pages.ts`;
  }
  return null;
}

/** Server files the rules do not apply to: tests and the database's migrations and seed. */
export function isExempt(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || path.startsWith('apps/server/test/') || path.startsWith(`${SERVER}db/`);
}

function checkServer(importer: string, target: string): string | null {
  if (isExempt(importer)) return null;
  const own = unitUnder(importer, `${SERVER}modules/`);
  const mod = unitUnder(target, `${SERVER}modules/`);
  if (importer.startsWith(`${SERVER}platform/`)) return mod || target.startsWith(`${SERVER}modules/`) ? 'platform/ must not import modules/' : null;
  if (importer.startsWith(`${SERVER}modules/`) && !own) return 'server modules live in modules/<context>/<module>/';
  if (!own) return null;
  if (mod?.id === own.id) return null;
  if (target.startsWith(`${SERVER}platform/`)) return null;
  if (mod) {
    if (!isIndex(mod.rest)) return `another module only through modules/${mod.id}/index.ts`;
    return directionRule(own, mod, 'module');
  }
  return 'modules import platform/, their own files and other modules’ index.ts';
}

/**
 * The rule an import breaks, or null. `importer` and `target` are repository-relative POSIX paths;
 * `target` is null when the specifier names a package (always allowed).
 */
export function brokenRule(importer: string, target: string | null): string | null {
  if (target === null) return null;
  if (importer.startsWith(WEB)) return checkWeb(importer, target);
  if (importer.startsWith(SERVER)) return checkServer(importer, target);
  return null;
}

/**
 * The cycles of a directed graph (unit id → the ids it imports), as the strongly connected
 * components with more than one member (Tarjan), each sorted, the list sorted. A self-edge is not
 * a cycle here (a unit's own files may import each other).
 */
export function cyclesOf(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (w === v) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}
