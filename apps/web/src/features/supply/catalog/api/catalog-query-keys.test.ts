import { describe, expect, it } from 'vitest';
import { catalogKeys } from './catalog-query-keys.ts';

describe('商品管理 query keys', () => {
  it('refreshing the items refreshes their drawers (duplicates, history, proposals)', () => {
    for (const key of [catalogKeys.duplicates, catalogKeys.history(3), catalogKeys.proposals]) expect(key.slice(0, 2)).toEqual(catalogKeys.items);
  });

  it('refreshing every import shown covers each import and its rows, not the records list', () => {
    expect(catalogKeys.priceImport(4).slice(0, 2)).toEqual(catalogKeys.priceImportAll);
    expect(catalogKeys.priceImportRows(4, 'up').slice(0, 3)).toEqual(catalogKeys.priceImport(4));
    expect(catalogKeys.priceImports.slice(0, 2)).not.toEqual(catalogKeys.priceImportAll);
  });
});
