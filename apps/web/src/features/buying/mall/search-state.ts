import type { SearchParams, SearchSort } from './api/catalog-api.ts';
import { idListParam, idParam } from './mall-paths.ts';

/** The /search page's state, kept in the address bar so back, reload and links work. Prices are in yuan here. */
export interface SearchState {
  q: string;
  categoryId: number;
  brandIds: number[];
  supplierId: number;
  grade: string;
  priceMin: number | null;
  priceMax: number | null;
  inStock: boolean;
  sort: SearchSort;
  current: number;
  size: number;
}

const SORTS: SearchSort[] = ['relevance', 'price_asc', 'price_desc', 'sales'];
export const PAGE_SIZES = [10, 20, 50];
const DEFAULT_SIZE = 20;

function yuanParam(v: string | null): number | null {
  if (v === null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

export function readSearchState(params: URLSearchParams): SearchState {
  const sort = params.get('sort') as SearchSort | null;
  const size = idParam(params.get('size'));
  return {
    q: (params.get('q') ?? '').trim(),
    categoryId: idParam(params.get('categoryId')),
    brandIds: idListParam(params.get('brandId')),
    supplierId: idParam(params.get('supplierId')),
    grade: (params.get('grade') ?? '').trim(),
    priceMin: yuanParam(params.get('priceMin')),
    priceMax: yuanParam(params.get('priceMax')),
    inStock: params.get('inStock') === '1',
    sort: sort && SORTS.includes(sort) ? sort : 'relevance',
    current: idParam(params.get('current')) || 1,
    size: PAGE_SIZES.includes(size) ? size : DEFAULT_SIZE,
  };
}

/** The address-bar form: only what differs from the defaults. */
export function writeSearchState(s: SearchState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.q) p.set('q', s.q);
  if (s.categoryId) p.set('categoryId', String(s.categoryId));
  if (s.brandIds.length) p.set('brandId', s.brandIds.join(','));
  if (s.supplierId) p.set('supplierId', String(s.supplierId));
  if (s.grade) p.set('grade', s.grade);
  if (s.priceMin !== null) p.set('priceMin', String(s.priceMin));
  if (s.priceMax !== null) p.set('priceMax', String(s.priceMax));
  if (s.inStock) p.set('inStock', '1');
  if (s.sort !== 'relevance') p.set('sort', s.sort);
  if (s.current > 1) p.set('current', String(s.current));
  if (s.size !== DEFAULT_SIZE) p.set('size', String(s.size));
  return p;
}

/** Yuan (as typed by the buyer) to integer fen for the server. */
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);

/** The call's parameters: prices go to the server in fen. */
export function toSearchParams(s: SearchState): SearchParams {
  return {
    q: s.q || undefined,
    categoryId: s.categoryId || undefined,
    brandId: s.brandIds.length ? s.brandIds : undefined,
    supplierId: s.supplierId || undefined,
    grade: s.grade || undefined,
    priceMin: s.priceMin !== null ? yuanToFen(s.priceMin) : undefined,
    priceMax: s.priceMax !== null ? yuanToFen(s.priceMax) : undefined,
    inStock: s.inStock || undefined,
    sort: s.sort,
    current: s.current,
    size: s.size,
  };
}
