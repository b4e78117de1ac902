import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceSeed, ROLES } from './resources.ts';

/** Every node of the tree, depth first (the seed's insertion order). */
function nodes(list: ResourceSeed[]): ResourceSeed[] {
  return list.flatMap((n) => [n, ...nodes(n.children ?? [])]);
}

// the pages live in resources/<context>.ts and resources.ts places them: a page declared but never
// placed would silently be missing from every installation
describe('the resource catalogue', () => {
  it('places every page a context file exports exactly once', async () => {
    const dir = new URL('./resources/', import.meta.url);
    const contexts = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'resource-seed.ts' && f !== 'built-in-roles.ts');
    expect(contexts.length).toBeGreaterThan(0);
    const placed = nodes(RESOURCES);
    for (const file of contexts) {
      const pages: Record<string, ResourceSeed> = await import(new URL(file, dir).href);
      for (const [name, page] of Object.entries(pages)) expect(placed.filter((n) => n === page).length, `${file}: ${name}`).toBe(1);
    }
  });

  it('has unique keys, and the built-in roles grant only keys of their side', () => {
    const all = nodes(RESOURCES);
    const side = new Map(all.map((n) => [n.key, n.side]));
    expect(side.size).toBe(all.length);
    for (const role of ROLES) if (role.grants !== '*') for (const key of role.grants) expect(side.get(key), `${role.code}: ${key}`).toBe(role.side);
  });
});
