/**
 * Pure: nests flat rows into a forest by parent id. Rows whose parent is not in the list become
 * roots, so a subtree query (one institute's departments) nests without its ancestors.
 */
export function nestTree<R extends { id: number; parentId: number | null }, N extends { child: N[] }>(rows: R[], toNode: (r: R) => N): N[] {
  const nodes = new Map<number, N>();
  for (const r of rows) nodes.set(r.id, toNode(r));
  const roots: N[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id) as N;
    const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
    if (parent && parent !== node) parent.child.push(node);
    else roots.push(node);
  }
  return roots;
}
