/** A value a query parameter may hold before cleaning. */
export type QueryValue = string | number | boolean | null | undefined | Date | QueryValue[] | { [key: string]: unknown };
export type QueryParams = Record<string, QueryValue>;

/**
 * docs/domains/platform.md#empty-query-values: empty means null, undefined, a blank or '0' string, the number 0, false,
 * an empty array or an empty object.
 */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'number') return value === 0 || Number.isNaN(value);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' || trimmed === '0';
  }
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Date) return Number.isNaN(value.getTime());
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

function scalarToString(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Trims query inputs and drops empty ones (docs/domains/platform.md#empty-query-values). Arrays become repeated keys, with their
 * empty items dropped too. Returns ordered pairs ready for URLSearchParams.
 */
export function cleanParams(params: QueryParams | undefined): [string, string][] {
  const pairs: [string, string][] = [];
  if (!params) return pairs;
  for (const [key, value] of Object.entries(params)) {
    if (isEmptyValue(value)) continue;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (!isEmptyValue(item)) pairs.push([key, scalarToString(item)]);
      }
      continue;
    }
    pairs.push([key, scalarToString(value)]);
  }
  return pairs;
}

/** The query string (without '?') of the cleaned parameters, encoded exactly as it will be sent. */
export function toQueryString(params: QueryParams | undefined): string {
  return new URLSearchParams(cleanParams(params)).toString();
}
