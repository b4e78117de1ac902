import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PURCHASE_GATES } from './gates.ts';

/**
 * The purchase-eligibility seam holds (docs/ARCHITECTURE.md, "可购买性"): outside the gates' own
 * modules only this seam calls a gate function, and every order is written by the one insertion,
 * which takes the seam's clearance.
 */

const MODULES = path.resolve(import.meta.dirname, '../..');
const rel = (f: string) => path.relative(MODULES, f).split(path.sep).join('/');

function* sources(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* sources(full);
    else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name)) yield full;
  }
}
const files = [...sources(MODULES)].map((f) => ({ path: rel(f), text: fs.readFileSync(f, 'utf8') }));

/** The gates' own functions, and the modules that define them. */
const GATE_FUNCTIONS = [
  'contractedSql',
  'contractedSuppliers',
  'noContractMessage',
  'hasNeededQualifications',
  'qualificationProblems',
  'isAvailable',
  'suppliesTo',
];
const GATE_HOMES = ['supply/agreements/', 'supply/qualifications/', 'supply/catalog/', 'buying/eligibility/'];

describe('the purchase-eligibility seam', () => {
  it('is the only caller of a gate function outside the gates’ own modules', () => {
    const callers = files
      .filter((f) => !GATE_HOMES.some((h) => f.path.startsWith(h)))
      .filter((f) => GATE_FUNCTIONS.some((fn) => new RegExp(`\\b${fn}\\s*\\(`).test(f.text)))
      .map((f) => f.path);
    // favourites show whether an item is still on sale: the availability rule, imported through the seam
    expect(callers).toEqual(['buying/mall/favorite.service.ts']);
    const favorites = files.find((f) => f.path === 'buying/mall/favorite.service.ts')?.text ?? '';
    expect(favorites).toMatch(/import \{ isAvailable \} from '\.\.\/eligibility\/index\.ts'/);
  });

  it('no module imports a gate function except through the seam', () => {
    const importers = files
      .filter((f) => !GATE_HOMES.some((h) => f.path.startsWith(h)))
      .filter((f) => /from '[./]*(supply\/)?(agreements|qualifications)\/index\.ts'/.test(f.text) && GATE_FUNCTIONS.some((fn) => f.text.includes(fn)))
      .map((f) => f.path);
    expect(importers).toEqual([]);
  });

  it('writes every order through the one insertion, which requires the seam’s clearance', () => {
    const inserting = files.filter((f) => /\.insertOrder\(/.test(f.text) || /insertInto\('purchase_order'\)/.test(f.text)).map((f) => f.path);
    // historical orders (the import of orders placed elsewhere in the past) are written completed: no purchase is made
    expect(inserting.sort()).toEqual([
      'buying/orders/historical-orders.ts',
      'buying/orders/placement/order-insertion.ts',
      'buying/orders/placement/placement.repository.ts',
    ]);
    const insertion = files.find((f) => f.path === 'buying/orders/placement/order-insertion.ts')?.text ?? '';
    expect(insertion).toMatch(/clearance: Clearance;/);
    // both order-creating paths (cart / 立即购买 placement, and the bid award) use it
    const placement = files.find((f) => f.path === 'buying/orders/placement/placement.service.ts')?.text ?? '';
    expect(placement.match(/await insertOrder\(/g)).toHaveLength(2);
    expect(placement).toMatch(/clearItems\(/);
    expect(placement).toMatch(/clearSupplier\(/);
    // a clearance cannot be made outside the seam
    const seam = files.find((f) => f.path === 'buying/eligibility/eligibility.ts')?.text ?? '';
    expect(seam).toMatch(/private constructor/);
    expect(seam).not.toMatch(/export class Clearance/);
  });

  it('reports refusals in gate order: availability, contract, qualification, supply area', () => {
    expect(PURCHASE_GATES.map((g) => g.name)).toEqual(['availability', 'contract', 'qualification', 'supplyArea']);
  });
});

describe('the gates without a database', () => {
  const item = {
    id: 1,
    supplier_id: 9,
    supplier_name: '国药集团化学试剂有限公司',
    supplier_status: 1,
    on_shelf: 1,
    deleted: 0,
    supply_areas: '上海,江苏',
    hazard_dangerous: 0,
    hazard_precursor: 0,
    hazard_explosive: 0,
    hazard_toxic: 0,
  };
  const gate = (name: string) => PURCHASE_GATES.find((g) => g.name === name)!;
  const noDb = {} as never;

  it('availability refuses an item off the shelf, deleted, or of a suspended supplier', async () => {
    const off = [
      { ...item, id: 2, on_shelf: 0 },
      { ...item, id: 3, deleted: 1 },
      { ...item, id: 4, supplier_status: 2 },
    ];
    const found = await gate('availability').problems(noDb, { instituteId: 1 }, [item, ...off], '2026-11-28');
    expect([...found.keys()]).toEqual([2, 3, 4]);
    expect(found.get(2)).toBe('商品已下架');
  });

  it('supply area judges only once a province is known, by prefix (上海市 within 上海)', async () => {
    const g = gate('supplyArea');
    expect((await g.problems(noDb, { instituteId: 1 }, [item], '2026-11-28')).size).toBe(0);
    expect((await g.problems(noDb, { instituteId: 1, province: '上海市' }, [item], '2026-11-28')).size).toBe(0);
    const far = await g.problems(noDb, { instituteId: 1, province: '广东省' }, [item], '2026-11-28');
    expect(far.get(1)).toBe('不在 国药集团化学试剂有限公司 的供货区域（广东省）内');
  });

  it('qualification asks nothing of the database for items that need no qualification', async () => {
    expect((await gate('qualification').problems(noDb, { instituteId: 1 }, [item], '2026-11-28')).size).toBe(0);
  });
});
