import { z } from 'zod';
import { Id, PageQuery, pageOf } from '../platform/common.ts';

/**
 * 库存 (lab inventory): containers made at acceptance (4 × 500 mL = four containers), their
 * append-only ledger, 领用 (stock-out) to a named person, stocktakes and storage locations.
 * Quantities are in the container's own unit; a stock-out may be typed in another unit of the same
 * dimension (mL ↔ L, g ↔ kg ↔ mg) and is converted with an explicit factor, never across dimensions.
 */
export const CONTAINER_STATE_TEXT = { in_stock: '在库', empty: '已用完', disposed: '已处置', returned: '已退货' } as const;
export type ContainerState = keyof typeof CONTAINER_STATE_TEXT;
export const CONTAINER_STATES = Object.keys(CONTAINER_STATE_TEXT) as [ContainerState, ...ContainerState[]];

export const LEDGER_KIND_TEXT = { stock_in: '入库', stock_out: '领用出库', adjust: '盘点调整', return: '退货出库' } as const;
export type LedgerKind = keyof typeof LEDGER_KIND_TEXT;

export const DIMENSION_TEXT = { volume: '体积', mass: '质量', count: '数量' } as const;
export type Dimension = keyof typeof DIMENSION_TEXT;

/** Units we convert, by dimension, with their factor to the dimension's base (mL, g). */
const UNIT_FACTORS: Record<string, { dimension: Exclude<Dimension, 'count'>; factor: number }> = {
  μL: { dimension: 'volume', factor: 0.001 },
  uL: { dimension: 'volume', factor: 0.001 },
  mL: { dimension: 'volume', factor: 1 },
  ml: { dimension: 'volume', factor: 1 },
  L: { dimension: 'volume', factor: 1000 },
  l: { dimension: 'volume', factor: 1000 },
  μg: { dimension: 'mass', factor: 0.000001 },
  ug: { dimension: 'mass', factor: 0.000001 },
  mg: { dimension: 'mass', factor: 0.001 },
  g: { dimension: 'mass', factor: 1 },
  kg: { dimension: 'mass', factor: 1000 },
};

/** The way a unit is shown and stored ('ml' → 'mL', 'ul' → 'μL'). */
export function normaliseUnit(unit: string): string {
  const u = unit.trim();
  if (u === 'ml') return 'mL';
  if (u === 'l') return 'L';
  if (u === 'ul' || u === 'uL' || u === 'μl') return 'μL';
  if (u === 'ug') return 'μg';
  return u;
}

export function dimensionOf(unit: string): Dimension {
  return UNIT_FACTORS[normaliseUnit(unit)]?.dimension ?? 'count';
}

/** Units a stock-out from a container in `unit` may be typed in (the same dimension; a counted unit only as itself). */
export function compatibleUnits(unit: string): string[] {
  const u = normaliseUnit(unit);
  const d = dimensionOf(u);
  if (d === 'count') return [u];
  return d === 'volume' ? ['μL', 'mL', 'L'] : ['mg', 'g', 'kg'];
}

/** Rounds to 6 decimals, so 0.1 + 0.2 style residues never leave 1e-17 in a bottle. */
export const roundQty = (v: number) => Math.round(v * 1e6) / 1e6;

/** `amount` of `from` in `to`, or the reason it cannot be converted (in Chinese). */
export function convertAmount(amount: number, from: string, to: string): { ok: true; value: number } | { ok: false; message: string } {
  const f = normaliseUnit(from);
  const t = normaliseUnit(to);
  if (f === t) return { ok: true, value: roundQty(amount) };
  const a = UNIT_FACTORS[f];
  const b = UNIT_FACTORS[t];
  if (!a || !b || a.dimension !== b.dimension)
    return { ok: false, message: `单位“${from}”不能换算为“${to}”（${DIMENSION_TEXT[dimensionOf(f)]}与${DIMENSION_TEXT[dimensionOf(t)]}不能互相换算）` };
  return { ok: true, value: roundQty((amount * a.factor) / b.factor) };
}

const Text = (what: string, max: number) => z.string().trim().min(1, `请填写${what}`).max(max, `${what}最多 ${max} 字`);
const Qty = z.number({ error: '数量应为数字' }).positive('数量须大于 0').max(1_000_000_000, '数量超出范围');

// ── locations ────────────────────────────────────────────────────────────
export const LocationBody = z
  .object({
    building: Text('楼宇', 40),
    room: Text('房间', 40),
    cabinet: Text('柜号', 40),
    shelf: Text('层/格', 40),
    hazardCabinet: z.union([z.literal(0), z.literal(1)]).default(0),
    custodian: z.string().trim().max(40, '保管人最多 40 字').nullable().optional(),
    remark: z.string().trim().max(200, '备注最多 200 字').nullable().optional(),
    enabled: z.union([z.literal(0), z.literal(1)]).default(1),
  })
  .strict();
export type LocationInput = z.infer<typeof LocationBody>;
export const LocationUpdateBody = LocationBody.extend({ id: Id }).strict();
export const LocationVO = z.object({
  id: z.number().int(),
  building: z.string(),
  room: z.string(),
  cabinet: z.string(),
  shelf: z.string(),
  hazardCabinet: z.number().int(),
  custodian: z.string().nullable(),
  remark: z.string().nullable(),
  enabled: z.number().int(),
  /** 楼宇 / 房间 / 柜号 / 层 in one line */
  label: z.string(),
  containers: z.number().int(),
});
export type LocationVO = z.infer<typeof LocationVO>;
export const LocationQuery = PageQuery.extend({
  keyword: z.string().trim().max(40).optional(),
  enabledOnly: z.coerce.number().int().min(0).max(1).optional(),
}).strict();
export const LocationPage = pageOf(LocationVO);

// ── containers ───────────────────────────────────────────────────────────
export const ContainerQuery = PageQuery.extend({
  name: z.string().trim().max(60).optional(),
  cas: z.string().trim().max(20).optional(),
  code: z.string().trim().max(40).optional(),
  locationId: Id.optional(),
  state: z.enum(CONTAINER_STATES).optional(),
  /** containers expiring within this many days (expired ones included) */
  expiringDays: z.coerce.number().int().min(0, '天数不能为负').max(3650).optional(),
  subOrderId: Id.optional(),
}).strict();

export const ContainerVO = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  cas: z.string().nullable(),
  spec: z.string(),
  brand: z.string().nullable(),
  catalogNo: z.string().nullable(),
  unit: z.string(),
  dimension: z.enum(['volume', 'mass', 'count']),
  quantityTotal: z.number(),
  quantityLeft: z.number(),
  lotNo: z.string().nullable(),
  expiresOn: z.string().nullable(),
  /** days until expiry (negative once expired), null without an expiry */
  daysToExpiry: z.number().int().nullable(),
  locationId: z.number().int().nullable(),
  locationLabel: z.string().nullable(),
  hazardCabinet: z.number().int(),
  hazard: z.string(),
  controlled: z.number().int(),
  state: z.enum(CONTAINER_STATES),
  ownerName: z.string().nullable(),
  teamName: z.string().nullable(),
  orderNo: z.string().nullable(),
  subNo: z.string().nullable(),
  subOrderId: z.number().int().nullable(),
  seq: z.number().int(),
  createdAt: z.string(),
});
export type ContainerVO = z.infer<typeof ContainerVO>;
export const ContainerPage = pageOf(ContainerVO);

export const LedgerVO = z.object({
  id: z.number().int(),
  containerId: z.number().int(),
  kind: z.enum(['stock_in', 'stock_out', 'adjust', 'return']),
  delta: z.number(),
  balance: z.number(),
  inputAmount: z.number().nullable(),
  inputUnit: z.string().nullable(),
  personName: z.string().nullable(),
  actorName: z.string().nullable(),
  reason: z.string().nullable(),
  ref: z.string().nullable(),
  slipId: z.number().int().nullable(),
  slipNo: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerVO = z.infer<typeof LedgerVO>;
export const ContainerDetail = ContainerVO.extend({ ledger: z.array(LedgerVO), compatibleUnits: z.array(z.string()) });
export type ContainerDetail = z.infer<typeof ContainerDetail>;

export const MoveBody = z.object({ ids: z.array(Id).min(1, '请选择容器').max(200, '一次最多 200 个容器'), locationId: Id }).strict();

/** What each sub-order produced (SPEC calls: inventory/listBySupplierOrderIds). */
export const SubOrderIdsQuery = z
  .object({
    ids: z
      .string()
      .regex(/^\d+(,\d+){0,99}$/, 'ids 应为逗号分隔的子订单 id（至多 100 个）')
      .transform((s) => [...new Set(s.split(',').map(Number))]),
    t: z.string().optional(),
  })
  .strict();
export const SubOrderStockVO = z.object({ subOrderId: z.number().int(), subNo: z.string(), containers: z.array(ContainerVO) });
export const IdsQuery = z
  .object({
    ids: z
      .string()
      .regex(/^\d+(,\d+){0,199}$/, 'ids 应为逗号分隔的 id（至多 200 个）')
      .transform((s) => [...new Set(s.split(',').map(Number))]),
    t: z.string().optional(),
  })
  .strict();

// ── stock-out ────────────────────────────────────────────────────────────
export const StockOutLine = z.object({ containerId: Id, amount: Qty, unit: Text('单位', 8) }).strict();
export const StockOutBody = z
  .object({
    lines: z.array(StockOutLine).min(1, '请选择要领用的容器').max(50, '一次最多领用 50 个容器'),
    /** 领用人: a user of the caller's institute (defaults to the caller) */
    personId: Id.optional(),
    /** the second person present for controlled reagents (双人领取) */
    secondPersonId: Id.optional(),
    purpose: z.string().trim().max(200, '用途最多 200 字').optional(),
  })
  .strict();
export type StockOutInput = z.infer<typeof StockOutBody>;
export const StockOutCheckVO = z.object({
  containerId: z.number().int(),
  ok: z.boolean(),
  message: z.string(),
  /** the amount in the container's unit */
  converted: z.number().nullable(),
  balanceAfter: z.number().nullable(),
});
export const StockOutValidateVO = z.object({ ok: z.boolean(), lines: z.array(StockOutCheckVO) });
export const StockOutVO = z.object({ slipId: z.number().int(), slipNo: z.string() });

export const PersonVO = z.object({ id: z.number().int(), realName: z.string(), userName: z.string() });

// ── stocktakes ───────────────────────────────────────────────────────────
export const STOCKTAKE_STATUS_TEXT = { open: '盘点中', closed: '已完成' } as const;
export const StocktakeBody = z.object({ title: Text('盘点名称', 60), locationId: Id.optional() }).strict();
export const StocktakeQuery = PageQuery.extend({ status: z.enum(['open', 'closed']).optional() }).strict();
export const StocktakeVO = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(['open', 'closed']),
  locationLabel: z.string().nullable(),
  lines: z.number().int(),
  counted: z.number().int(),
  differences: z.number().int(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export const StocktakePage = pageOf(StocktakeVO);
export const StocktakeLineVO = z.object({
  id: z.number().int(),
  containerId: z.number().int(),
  code: z.string(),
  name: z.string(),
  spec: z.string(),
  unit: z.string(),
  locationLabel: z.string().nullable(),
  expected: z.number(),
  counted: z.number().nullable(),
  reason: z.string().nullable(),
});
export const StocktakeDetail = StocktakeVO.extend({ items: z.array(StocktakeLineVO) });
export const CountBody = z
  .object({
    stocktakeId: Id,
    lines: z
      .array(
        z
          .object({
            lineId: Id,
            counted: z.number({ error: '实盘数量应为数字' }).min(0, '实盘数量不能为负').max(1_000_000_000),
            reason: z.string().trim().max(200, '原因最多 200 字').nullable().optional(),
          })
          .strict(),
      )
      .min(1)
      .max(500),
  })
  .strict();
export const CloseStocktakeBody = z.object({ id: Id }).strict();

// ── slips (入库单 / 出库单) ──────────────────────────────────────────────
export const SlipLineVO = z.object({
  code: z.string(),
  name: z.string(),
  spec: z.string(),
  cas: z.string().nullable(),
  lotNo: z.string().nullable(),
  quantity: z.number(),
  unit: z.string(),
  locationLabel: z.string().nullable(),
  expiresOn: z.string().nullable(),
});
export const SlipVO = z.object({
  id: z.number().int(),
  slipNo: z.string(),
  kind: z.enum(['in', 'out']),
  instituteName: z.string(),
  teamName: z.string().nullable(),
  subNo: z.string().nullable(),
  supplierName: z.string().nullable(),
  personName: z.string().nullable(),
  secondPersonName: z.string().nullable(),
  actorName: z.string().nullable(),
  purpose: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(SlipLineVO),
});
export type SlipVO = z.infer<typeof SlipVO>;
export const SlipQuery = z.object({ id: Id, t: z.string().optional() }).strict();
export const LabelQuery = z.object({ ids: IdsQuery.shape.ids, t: z.string().optional() }).strict();
export const LabelVO = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  cas: z.string().nullable(),
  spec: z.string(),
  lotNo: z.string().nullable(),
  expiresOn: z.string().nullable(),
  locationLabel: z.string().nullable(),
  hazard: z.string(),
  ownerName: z.string().nullable(),
  /** data: URL of the QR code PNG */
  qr: z.string(),
});
export type LabelVO = z.infer<typeof LabelVO>;
