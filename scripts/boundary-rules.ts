/**
 * The import boundaries of the web app and the server (the rules `npm run lint` enforces through
 * check-boundaries.ts). Pure: paths in, the broken rule out, so the rules are unit-tested.
 *
 * Web (apps/web/src):
 * - features/<f>/ may import components/, lib/, its own files, and another feature only through
 *   features/<g>/index.ts; never app/ or shell/ (the app's chrome).
 * - components/ and lib/ import neither features/ nor app/ nor shell/.
 * - app/ and shell/ reach a feature through its index.ts, or the page declarations the app
 *   composes: routes.tsx (static paths; the entry imports it, so lazy loaders only) and
 *   menu-pages.ts (pages for the server's menu `component` names).
 * Server (apps/server/src):
 * - modules/<m>/ may import platform/, its own files, and another module only through
 *   modules/<n>/index.ts; a read-model module may also read other modules' repositories.
 * - platform/ never imports modules/.
 * - Tests (*.test.ts, apps/server/test/) and db/ (migrations, seed) are exempt.
 * Packages (npm, node:, @kc/contracts) are always allowed.
 */

/** Modules that read other modules' tables for reporting: they may import their repositories. */
export const READ_MODEL_MODULES = ['statistics'];

const WEB = 'apps/web/src/';
/** A feature's page declarations, which the app composes (besides its index.ts). */
const APP_ENTRIES = ['routes', 'menu-pages'];
const SERVER = 'apps/server/src/';

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

const stripExt = (p: string) => p.replace(/\.(tsx?|jsx?|mts|cts)$/, '');

/** `<root><kind>/<name>/rest`: the name and the rest, or null. */
function partOf(path: string, prefix: string): { name: string; rest: string } | null {
  if (!path.startsWith(prefix)) return null;
  const [name, ...rest] = path.slice(prefix.length).split('/');
  return name ? { name, rest: rest.join('/') } : null;
}

/** The folder's public entry: `<dir>`, `<dir>/index`, `<dir>/index.ts(x)`. */
const isIndex = (rest: string) => rest === '' || stripExt(rest) === 'index';

function webArea(path: string): string {
  const rel = path.slice(WEB.length);
  return rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : '';
}

function checkWeb(importer: string, target: string): string | null {
  if (!target.startsWith(WEB)) return 'web files import only apps/web/src and packages';
  const from = webArea(importer);
  const to = webArea(target);
  const ownFeature = partOf(importer, `${WEB}features/`);
  const targetFeature = partOf(target, `${WEB}features/`);
  if (ownFeature) {
    if (targetFeature?.name === ownFeature.name) return null;
    if (to === 'components' || to === 'lib') return null;
    if (targetFeature) return isIndex(targetFeature.rest) ? null : `another feature only through features/${targetFeature.name}/index.ts`;
    return 'features import components/, lib/ and other features, not app/ or shell/';
  }
  if (from === 'components' || from === 'lib') {
    return to === 'features' || to === 'app' || to === 'shell' ? `${from}/ must not import features/, app/ or shell/` : null;
  }
  if (targetFeature && !isIndex(targetFeature.rest) && !APP_ENTRIES.includes(stripExt(targetFeature.rest))) {
    return `app/ and shell/ reach a feature through features/${targetFeature.name}/index.ts, routes.tsx or menu-pages.ts`;
  }
  return null;
}

/** Server files the rules do not apply to: tests and the database's migrations and seed. */
export function isExempt(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || path.startsWith('apps/server/test/') || path.startsWith(`${SERVER}db/`);
}

function checkServer(importer: string, target: string): string | null {
  if (isExempt(importer)) return null;
  const own = partOf(importer, `${SERVER}modules/`);
  const mod = partOf(target, `${SERVER}modules/`);
  if (importer.startsWith(`${SERVER}platform/`)) return mod ? 'platform/ must not import modules/' : null;
  if (!own) return null;
  if (mod?.name === own.name) return null;
  if (target.startsWith(`${SERVER}platform/`)) return null;
  if (mod) {
    if (isIndex(mod.rest)) return null;
    if (READ_MODEL_MODULES.includes(own.name) && /\.repository$/.test(stripExt(mod.rest))) return null;
    return `another module only through modules/${mod.name}/index.ts`;
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
