import type { DictConfigTypeVO } from '@kc/contracts/shared/dicts';
import type { DictsRepository } from './dicts.repository.ts';

/**
 * One institute's view of every dictionary: the enabled global items with the institute's
 * overrides (hidden, renamed, reordered) plus its own items, ordered by sort then id. Hidden items
 * stay in the answer (the config page shows them); readers drop them.
 */
export async function effectiveDicts(repo: DictsRepository, instituteId: number | null): Promise<DictConfigTypeVO[]> {
  const owners = instituteId ? [0, instituteId] : [0];
  const [types, items, overrides] = await Promise.all([repo.types(), repo.items(owners), instituteId ? repo.overrides(instituteId) : []]);
  const ov = new Map(overrides.map((o) => [o.item_id, o]));
  return types.map((t) => ({
    typeId: t.id,
    code: t.code,
    name: t.name,
    items: items
      .filter((i) => i.type_id === t.id && i.status === 1)
      .map((i) => {
        const o = i.owner_id === 0 ? ov.get(i.id) : undefined;
        return {
          itemId: i.id,
          value: i.value,
          baseLabel: i.label,
          label: o?.label ?? i.label,
          sort: o?.sort ?? i.sort,
          hidden: o?.hidden === 1,
          own: i.owner_id !== 0,
          overridden: !!o,
        };
      })
      .sort((a, b) => a.sort - b.sort || a.itemId - b.itemId),
  }));
}
