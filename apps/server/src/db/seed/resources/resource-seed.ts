/**
 * The built-in resource catalogue: menus (platform side) and modules/functions (supplier side).
 * Each entry's `perm` is the named permission routes check; roles list the keys they are granted.
 */
export interface ResourceSeed {
  key: string;
  name: string;
  type: 'menu' | 'button' | 'module' | 'function';
  side: 1 | 2;
  path?: string;
  routeName?: string;
  component?: string;
  icon?: string;
  perm?: string;
  children?: ResourceSeed[];
}
