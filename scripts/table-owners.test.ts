import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foreignWrite, TABLE_OWNERS, writesOf } from './table-owners.ts';

// Run by `npm run test:scripts` (node's test runner through tsx), part of `npm run test:unit`.

describe('table writes', () => {
  it('finds Kysely inserts, updates and deletes with their lines, aliases included, and no reads', () => {
    const source = [
      "await db.selectFrom('sub_order').selectAll().execute();",
      "await trx.insertInto('order_log').values(row).execute();",
      'await this.db',
      "  .updateTable('item as i')",
      '  .set({ stock: 0 });',
      'await db.deleteFrom("cart_item").execute();',
    ].join('\n');
    assert.deepEqual(writesOf(source), [
      { table: 'order_log', line: 2 },
      { table: 'item', line: 4 },
      { table: 'cart_item', line: 6 },
    ]);
  });

  it('lets only the owner write a table, and names the owner otherwise', () => {
    assert.equal(TABLE_OWNERS.sub_order, 'buying/orders');
    assert.equal(foreignWrite('buying/orders', 'sub_order'), null);
    assert.match(foreignWrite('ledgers/budget', 'sub_order') ?? '', /owned by buying\/orders/);
    assert.match(foreignWrite('identity/account-centre', 'setting') ?? '', /only by platform/);
    assert.match(foreignWrite('buying/orders', 'no_such_table') ?? '', /no owner/);
  });
});
