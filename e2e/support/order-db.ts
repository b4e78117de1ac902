import path from 'node:path';
import type { RunningServer } from './server.ts';

/** One order as stored, with its sub-orders. */
export interface StoredOrder {
  id: number;
  orderNo: string;
  totalAmount: number;
  subOrders: { subNo: string; supplierId: number; totalAmount: number }[];
}

interface Reader {
  orderCount(userName: string): Promise<number>;
  order(orderNo: string): Promise<StoredOrder | null>;
  close(): Promise<void>;
}

const COUNT_SQL = 'SELECT COUNT(*) AS n FROM purchase_order o JOIN app_user u ON u.id = o.placed_by_id WHERE u.user_name = ';
const ORDER_SQL = 'SELECT id, order_no, total_amount FROM purchase_order WHERE order_no = ';
const SUBS_SQL = 'SELECT sub_no, supplier_id, total_amount FROM sub_order WHERE order_id = ';

type OrderRow = { id: number; order_no: string; total_amount: number };
type SubRow = { sub_no: string; supplier_id: number; total_amount: number };

function toOrder(o: OrderRow, subs: SubRow[]): StoredOrder {
  return {
    id: Number(o.id),
    orderNo: o.order_no,
    totalAmount: Number(o.total_amount),
    subOrders: subs.map((s) => ({ subNo: s.sub_no, supplierId: Number(s.supplier_id), totalAmount: Number(s.total_amount) })),
  };
}

/**
 * Reads orders straight from the test server's database (read-only on SQLite; a plain client on
 * PostgreSQL when DATABASE_URL is set), to check what the browser flow actually stored.
 */
export async function openOrderReader(server: RunningServer): Promise<Reader> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return {
      async orderCount(userName) {
        const r = await client.query<{ n: string }>(`${COUNT_SQL}$1`, [userName]);
        return Number(r.rows[0].n);
      },
      async order(orderNo) {
        const o = (await client.query<OrderRow>(`${ORDER_SQL}$1`, [orderNo])).rows[0];
        if (!o) return null;
        const subs = (await client.query<SubRow>(`${SUBS_SQL}$1 ORDER BY sub_no`, [o.id])).rows;
        return toOrder(o, subs);
      },
      close: () => client.end(),
    };
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(server.dataDir, 'keyan.db'), { readonly: true, fileMustExist: true });
  return {
    async orderCount(userName) {
      return Number((db.prepare(`${COUNT_SQL}?`).get(userName) as { n: number }).n);
    },
    async order(orderNo) {
      const o = db.prepare(`${ORDER_SQL}?`).get(orderNo) as OrderRow | undefined;
      if (!o) return null;
      return toOrder(o, db.prepare(`${SUBS_SQL}? ORDER BY sub_no`).all(o.id) as SubRow[]);
    },
    close: async () => {
      db.close();
    },
  };
}
