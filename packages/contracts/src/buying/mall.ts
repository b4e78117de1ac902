import { z } from 'zod';
import { Id, PageQuery, Phone } from '../platform/common.ts';

// ── cart ─────────────────────────────────────────────────────────────────────
export const MAX_LINE_QUANTITY = 9999;
/** The largest order one submission may place (fen): ¥100,000,000.00. Larger purchases go through a tender (招标), not the mall. */
export const MAX_ORDER_AMOUNT_FEN = 10_000_000_000;
const Quantity = z.number({ error: '数量必须为数字' }).int('数量必须为整数').min(1, '数量至少为 1').max(MAX_LINE_QUANTITY, `数量最多 ${MAX_LINE_QUANTITY}`);

export const AddCartBody = z.object({ itemId: Id, quantity: Quantity }).strict();
export const ModifyCartNumBody = z.object({ id: Id, quantity: Quantity }).strict();
export const CartIdsBody = z.object({ ids: z.array(Id).min(1, '请选择商品').max(200) }).strict();
export const SumMoneyQuery = z
  .object({
    ids: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'ids 须为逗号分隔的数字')
      .optional(),
    t: z.string().optional(),
  })
  .strict();

/** What a cart line and a favourite show of their item: its facts at the current price and stock. */
const ItemFacts = z.object({
  itemId: z.number().int(),
  name: z.string(),
  spec: z.string(),
  brand: z.string().nullable(),
  catalogNo: z.string().nullable(),
  grade: z.string().nullable(),
  unit: z.string(),
  image: z.string().nullable(),
  /** current price (fen) */
  price: z.number().int(),
  stock: z.number().int(),
  hazards: z.array(z.string()),
});

export const CartLineVO = ItemFacts.extend({
  id: z.number().int(),
  priceAtAdd: z.number().int(),
  /** the price moved since the line was added */
  priceChanged: z.boolean(),
  /** the item's list price; below it `price` is the buyer's 协议价 */
  listPrice: z.number().int(),
  /** 9.2折 / 协议价 when a rule of the buyer's institute or department priced the line, else null */
  priceNote: z.string().nullable(),
  quantity: z.number().int(),
  /** on shelf, not deleted, supplier active */
  available: z.boolean(),
  /** quantity above the stock: the buyer must lower it */
  overStock: z.boolean(),
  /** the supplier does not deliver this item to the province of the default address (checkout would refuse it) */
  outOfArea: z.boolean(),
  amount: z.number().int(),
  /** the supplier lacks a qualification this item needs today (资质), in Chinese; null when it may be bought */
  qualificationProblem: z.string().nullable(),
});
export const CartGroupVO = z.object({
  supplierId: z.number().int(),
  supplierName: z.string(),
  lines: z.array(CartLineVO),
  goodsAmount: z.number().int(),
});
export const CartVO = z.object({
  groups: z.array(CartGroupVO),
  count: z.number().int(),
  goodsAmount: z.number().int(),
  /** the province of the address checkout will start with (the default, else the newest), against which outOfArea is judged */
  deliverProvince: z.string().nullable(),
});

// ── addresses ────────────────────────────────────────────────────────────────
export const AddressBody = z
  .object({
    province: z.string().trim().min(2, '请选择省份').max(20),
    city: z.string().trim().min(1, '请选择城市').max(30),
    district: z.string().trim().min(1, '请选择区县').max(30),
    detail: z.string().trim().min(4, '请填写详细地址').max(200, '详细地址最多 200 字'),
    contact: z.string().trim().min(2, '请填写收货人').max(30),
    phone: Phone,
    isDefault: z.boolean().default(false),
  })
  .strict();
export const AddressUpdateBody = AddressBody.extend({ id: Id }).strict();
export const AddressVO = z.object({
  id: z.number().int(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
  contact: z.string(),
  phone: z.string(),
  isDefault: z.boolean(),
});
export const AddressPageQuery = PageQuery.strict();

// ── confirmation and order ───────────────────────────────────────────────────
export const CartConfirmBody = z.object({ cartIds: z.array(Id).min(1, '请选择要结算的商品').max(200), addressId: Id.optional() }).strict();
export const DetailConfirmBody = z.object({ itemId: Id, quantity: Quantity, addressId: Id.optional() }).strict();
export const ValidateSupplyAreaBody = z
  .object({
    addressId: Id,
    cartIds: z.array(Id).max(200).optional(),
    items: z
      .array(z.object({ itemId: Id, quantity: Quantity }).strict())
      .max(200)
      .optional(),
  })
  .strict();

export const CreateOrderBody = z
  .object({
    /** the lines come from the cart (ids of cart lines) or from "buy now" (one item) */
    cartIds: z.array(Id).max(200).optional(),
    direct: z.object({ itemId: Id, quantity: Quantity }).strict().optional(),
    addressId: Id,
    /** remark per supplier id */
    remarks: z.record(z.string().regex(/^\d+$/), z.string().trim().max(200, '备注最多 200 字')).default({}),
    /** the buyer read and confirmed the compliance notice for hazardous goods */
    hazardConfirmed: z.boolean().default(false),
    /** one key per submission attempt; a retry with the same key returns the first order */
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '提交标识不正确，请刷新页面'),
    /** an assistant ordering on behalf of a buyer of the same team names the buyer here */
    buyerId: Id.optional(),
    /** the grant card (课题经费卡) charged; left out: the buyer's default card, or none when the buyer may use no card */
    grantCardId: Id.optional(),
    /** the budget line (预算科目) of the card each sub-order charges, per supplier id; left out: the line its goods' category maps to */
    budgetLines: z.record(z.string().regex(/^\d+$/), Id).default({}),
  })
  .strict()
  .refine((b) => (b.cartIds?.length ?? 0) > 0 !== (b.direct !== undefined), { message: '请从购物车结算或立即购买其中一种方式下单', path: ['cartIds'] });
/** An order submission as the web sends it and the server reads it (remarks and hazardConfirmed filled in). */
export type CreateOrderInput = z.infer<typeof CreateOrderBody>;

/** POST /mall/v1/order/validateSupplyArea: the lines whose supply area leaves out the address. */
export const SupplyAreaCheck = z.object({
  ok: z.boolean(),
  violations: z.array(z.object({ itemId: z.number().int(), name: z.string(), supplierName: z.string() })),
});
export type SupplyAreaCheck = z.infer<typeof SupplyAreaCheck>;

/** GET /mall/v1/order/getCurrentTime */
export const ServerTime = z.object({ now: z.string(), timestamp: z.number() });
export type ServerTime = z.infer<typeof ServerTime>;

export const ConfirmLineVO = z.object({
  itemId: z.number().int(),
  cartId: z.number().int().nullable(),
  name: z.string(),
  spec: z.string(),
  brand: z.string().nullable(),
  unit: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  amount: z.number().int(),
  hazards: z.array(z.string()),
  /** the address lies outside this item's supply area */
  outOfArea: z.boolean(),
  problem: z.string().nullable(),
});
export const ConfirmGroupVO = z.object({
  supplierId: z.number().int(),
  supplierName: z.string(),
  lines: z.array(ConfirmLineVO),
  goodsAmount: z.number().int(),
  /** the whole delivery fee, the hazardous-goods surcharge included */
  deliveryFee: z.number().int(),
  /** free shipping from this amount (fen), null when the supplier's fee applies whatever the amount */
  freeAbove: z.number().int().nullable(),
  /** the hazardous-goods surcharge inside deliveryFee */
  hazardFee: z.number().int(),
  /** the 运费模板 row applied (江苏 苏州 / 江苏 / 全国其他地区), '' when the supplier ships free everywhere */
  feeRegion: z.string(),
  totalAmount: z.number().int(),
  /** the budget line (预算科目) name its goods charge by default (商品分类对应预算科目), preselected on a card with lines */
  budgetLine: z.string().nullable(),
});
export const ConfirmVO = z.object({
  groups: z.array(ConfirmGroupVO),
  goodsAmount: z.number().int(),
  deliveryFee: z.number().int(),
  totalAmount: z.number().int(),
  hasHazard: z.boolean(),
  canSubmit: z.boolean(),
  buyTips: z.array(z.object({ id: z.number().int(), title: z.string(), content: z.string() })),
  address: AddressVO.nullable(),
  /** who will approve the order and why, from the rules placement applies (empty: no approval needed) */
  approval: z.array(z.object({ step: z.string(), name: z.string(), why: z.string() })),
});
export type ConfirmVO = z.infer<typeof ConfirmVO>;

/** A buyer of the caller's team an assistant may order for (代下单). */
export const AgentBuyerVO = z.object({ id: z.number().int(), realName: z.string().nullable(), userName: z.string() });
export type AgentBuyerVO = z.infer<typeof AgentBuyerVO>;

export const CreatedOrderVO = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  totalAmount: z.number().int(),
  subOrders: z.array(
    z.object({ id: z.number().int(), subNo: z.string(), supplierId: z.number().int(), supplierName: z.string(), totalAmount: z.number().int() }),
  ),
  /** true when this answer repeats an order made by an earlier submission with the same key */
  repeated: z.boolean(),
});
export type CreatedOrderVO = z.infer<typeof CreatedOrderVO>;

// ── favourites (收藏夹) ─────────────────────────────────────────────────────
export const MAX_FAVORITES = 1000;
export const FavoritePageQuery = PageQuery.extend({
  /** part of the name, or a CAS number */
  keyword: z.string().trim().max(50, '搜索词最多 50 个字').optional(),
  size: z.coerce.number().int().min(1).max(100, '每页最多 100 条').default(10),
}).strict();
export const FavoriteStatusQuery = z.object({ itemId: Id, t: z.string().optional() }).strict();
export const FavoriteAddBody = z.object({ itemId: Id }).strict();
export const FavoriteItemIdsBody = z.object({ itemIds: z.array(Id).min(1, '请选择要取消收藏的商品').max(200, '一次最多取消 200 个收藏') }).strict();
/** onShelf: can be bought now; offShelf: taken off the shelf (or its supplier is inactive); deleted: removed by the supplier. */
export const FAVORITE_STATES = ['onShelf', 'offShelf', 'deleted'] as const;
export const FavoriteVO = ItemFacts.extend({
  cas: z.string().nullable(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  state: z.enum(FAVORITE_STATES),
  favoritedAt: z.string(),
});
export const FavoriteStatusVO = z.object({ favorited: z.boolean() });

// ── buy tips ─────────────────────────────────────────────────────────────────
export const BuyTipBody = z
  .object({
    title: z.string().trim().min(1, '请输入标题').max(60),
    content: z.string().trim().min(1, '请输入内容').max(2000),
    status: z.union([z.literal(0), z.literal(1)]).default(1),
    sort: z.number().int().min(0).max(9999).default(0),
  })
  .strict();
export const BuyTipUpdateBody = BuyTipBody.extend({ id: Id }).strict();
export const BuyTipVO = z.object({ id: z.number().int(), title: z.string(), content: z.string(), status: z.number().int(), sort: z.number().int() });

/** Formats fen as yuan with two decimals ('¥1,234.50' without the sign). */
export const yuan = (fen: number) => (fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
