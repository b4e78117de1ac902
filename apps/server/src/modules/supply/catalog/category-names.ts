import type { Executor } from '../../../platform/db/executor.ts';
import type { ParseError } from '../../../platform/documents/index.ts';

/** Separators a supplier may type between levels: 化学试剂/无机试剂, 化学试剂>无机试剂, 化学试剂／无机试剂. */
const SEPARATOR = /\s*[/／>＞\\]\s*/;
const norm = (s: string) => s.replace(/[\s\u3000]/g, '').toLowerCase();

/**
 * Categories by name, as a price sheet writes them: the full path (化学试剂/无机试剂) or the last
 * level alone when no other category has that name. Only a leaf category takes items. The whole
 * table is read once (a few hundred rows) for a sheet of any size.
 */
export async function categoryNames(db: Executor) {
  const rows = await db.selectFrom('category').select(['id', 'parent_id', 'name']).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const parents = new Set(rows.map((r) => r.parent_id).filter((p) => p !== null));
  const pathOf = (id: number): string[] => {
    const names: string[] = [];
    for (let r = byId.get(id); r && names.length < 10; r = r.parent_id === null ? undefined : byId.get(r.parent_id)) names.unshift(r.name);
    return names;
  };
  const byPath = new Map<string, number>();
  const byLeafName = new Map<string, number[]>();
  for (const r of rows) {
    byPath.set(pathOf(r.id).map(norm).join('/'), r.id);
    byLeafName.set(norm(r.name), [...(byLeafName.get(norm(r.name)) ?? []), r.id]);
  }
  const path = (id: number) => pathOf(id).join('/');

  function resolve(text: string): { id: number; path: string } | ParseError {
    const parts = text.split(SEPARATOR).filter(Boolean).map(norm);
    let id = byPath.get(parts.join('/'));
    if (id === undefined && parts.length === 1) {
      const same = byLeafName.get(parts[0]) ?? [];
      if (same.length > 1) return { error: `有 ${same.length} 个分类名为“${text}”，请写完整路径，如 ${path(same[0])}` };
      id = same[0];
    }
    if (id === undefined) return { error: `“${text}”不是平台的商品分类，请按“一级分类/末级分类”填写，如 化学试剂/无机试剂` };
    if (parents.has(id)) return { error: `“${path(id)}”不是最末一级分类，请选它下面的分类` };
    return { id, path: path(id) };
  }
  return { resolve, path };
}
