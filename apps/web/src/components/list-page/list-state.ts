/**
 * The state of a list page (search values, tab, page) and its two outside forms: the address bar's
 * search parameters, so that a refreshed or shared link shows the same list, and the server
 * request's query (current/size plus the filters). Pure: useListPage wires it to react-router.
 */

/** One search field: a text box, a select (one or several choices) or a date range. */
export type ListField =
  | { kind: 'text'; name: string; label: string; placeholder?: string; width?: number; maxLength?: number }
  | {
      kind: 'select';
      name: string;
      label: string;
      options: { value: string; label: string }[];
      /** several choices, sent comma-separated */
      multiple?: boolean;
      placeholder?: string;
      width?: number;
    }
  | {
      kind: 'dateRange';
      name: string;
      label: string;
      /** the parameters of the first and last day (YYYY-MM-DD); default `${name}From`, `${name}To` */
      params?: [string, string];
    };

/** Search values by parameter name: text and single choices as strings, several choices as arrays. */
export type ListValues = Record<string, string | string[] | undefined>;

export interface ListState {
  values: ListValues;
  tab: string | undefined;
  current: number;
  size: number;
}

export interface ListConfig {
  fields: readonly ListField[];
  /** keys of the tabs the user may see, the first being the default */
  tabs?: readonly string[];
  /** default tab when it is not the first */
  defaultTab?: string;
  pageSizes?: readonly number[];
  defaultSize?: number;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const MAX_TEXT = 100;
const MAX_PAGE = 100_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The parameter names of a date range field. */
export const rangeParams = (f: Extract<ListField, { kind: 'dateRange' }>): [string, string] => f.params ?? [`${f.name}From`, `${f.name}To`];

function validDay(s: string | null): string | undefined {
  if (!s || !DAY.test(s)) return undefined;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s ? s : undefined;
}

const sizesOf = (c: ListConfig) => c.pageSizes ?? PAGE_SIZES;
const defaultSizeOf = (c: ListConfig) => c.defaultSize ?? sizesOf(c)[0];
const defaultTabOf = (c: ListConfig) => (c.defaultTab && c.tabs?.includes(c.defaultTab) ? c.defaultTab : c.tabs?.[0]);

/** The state in the address bar's parameters; anything unknown, garbled or out of range falls back to its default. */
export function parseListParams(params: URLSearchParams, config: ListConfig): ListState {
  const values: ListValues = {};
  for (const f of config.fields) {
    if (f.kind === 'text') {
      const v = params
        .get(f.name)
        ?.trim()
        .slice(0, f.maxLength ?? MAX_TEXT);
      if (v) values[f.name] = v;
    } else if (f.kind === 'select') {
      const known = new Set(f.options.map((o) => o.value));
      const raw = params.get(f.name);
      if (raw === null) continue;
      if (f.multiple) {
        const chosen = [...new Set(raw.split(','))].filter((v) => known.has(v));
        if (chosen.length) values[f.name] = chosen;
      } else if (known.has(raw)) {
        values[f.name] = raw;
      }
    } else {
      for (const p of rangeParams(f)) {
        const day = validDay(params.get(p));
        if (day) values[p] = day;
      }
    }
  }
  const tabParam = params.get('tab');
  const tab = tabParam && config.tabs?.includes(tabParam) ? tabParam : defaultTabOf(config);
  const sizeParam = Number(params.get('size'));
  const size = sizesOf(config).includes(sizeParam) ? sizeParam : defaultSizeOf(config);
  const currentParam = Number(params.get('current'));
  const current = Number.isInteger(currentParam) && currentParam >= 1 && currentParam <= MAX_PAGE ? currentParam : 1;
  return { values, tab, current, size };
}

/**
 * The state as the address bar's parameters: defaults left out, so a plain list keeps a plain
 * link. Parameters the list does not own (`keep`) stay as they are.
 */
export function serializeListState(state: ListState, config: ListConfig, keep?: URLSearchParams): URLSearchParams {
  const owned = new Set(['tab', 'current', 'size', ...ownedNames(config.fields)]);
  const out = new URLSearchParams();
  if (keep) for (const [k, v] of keep) if (!owned.has(k)) out.append(k, v);
  for (const [k, v] of Object.entries(cleanValues(state.values, config.fields))) out.set(k, Array.isArray(v) ? v.join(',') : v);
  if (state.tab !== undefined && state.tab !== defaultTabOf(config)) out.set('tab', state.tab);
  if (state.current > 1) out.set('current', String(state.current));
  if (state.size !== defaultSizeOf(config)) out.set('size', String(state.size));
  return out;
}

/** Every parameter name the fields own (a date range owns two). */
export function ownedNames(fields: readonly ListField[]): string[] {
  return fields.flatMap((f) => (f.kind === 'dateRange' ? rangeParams(f) : [f.name]));
}

/** The values the fields know, trimmed, without empty ones (docs/domains/platform.md#empty-query-values). */
export function cleanValues(values: ListValues, fields: readonly ListField[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name of ownedNames(fields)) {
    const v = values[name];
    if (Array.isArray(v)) {
      const items = v.map((x) => x.trim()).filter(Boolean);
      if (items.length) out[name] = items;
    } else if (typeof v === 'string' && v.trim()) {
      out[name] = v.trim();
    }
  }
  return out;
}

/** The filters of a list as the server takes them: several choices comma-separated; no paging. */
export function filterParams(state: Pick<ListState, 'values'>, fields: readonly ListField[]): Record<string, string> {
  return Object.fromEntries(Object.entries(cleanValues(state.values, fields)).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]));
}

/** The query of one page of the list: current, size and the filters. */
export function requestParams(state: ListState, fields: readonly ListField[]): { current: number; size: number; [filter: string]: string | number } {
  return { ...filterParams(state, fields), current: state.current, size: state.size };
}

/** A new search starts at page 1; a new tab too, with the same search. */
export const withSearch = (s: ListState, values: ListValues): ListState => ({ ...s, values, current: 1 });
export const withTab = (s: ListState, tab: string): ListState => ({ ...s, tab, current: 1 });
/** A new page size starts at page 1 again (the old page number means other rows). */
export const withPage = (s: ListState, current: number, size: number): ListState => ({ ...s, current: size !== s.size ? 1 : current, size });

/** The rows still listed among the chosen ones (after a reload, a search or a page change). */
export function keepListed<K>(selected: readonly K[], listed: readonly K[]): K[] {
  const ids = new Set(listed);
  return selected.filter((id) => ids.has(id));
}

/**
 * The page to show after removing rows: the same one unless it no longer exists (the last page
 * emptied), then the new last page.
 */
export function pageAfterRemoval(current: number, size: number, total: number, removed: number): number {
  const last = Math.max(1, Math.ceil(Math.max(0, total - removed) / size));
  return Math.min(current, last);
}
