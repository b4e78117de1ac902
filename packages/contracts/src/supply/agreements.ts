import { z } from 'zod';
import { BodyId } from '../identity/org.ts';
import { namedStatus, PageQuery } from '../platform/common.ts';

/**
 * 合同管理 (issue 10 §3): supply contracts between a supplier and an institute. docs/domains/supply.md#contract-gate: a
 * contract is active only when its status equals 1; "expiring" and "renewal pending" are phases of
 * an active contract (status stays 1), so the gate never depends on them.
 */
export const ContractStatus = { DRAFT: 0, ACTIVE: 1, PENDING_SIGN: 2, RENEWED: 3, EXPIRED: 4, TERMINATED: 5 } as const;
export const CONTRACT_STATUS_TEXT: Record<number, string> = {
  0: '草稿',
  1: '生效中',
  2: '待签署',
  3: '已续签',
  4: '已到期',
  5: '已终止',
};
/** the names a status filter may use (0 is dropped by the client as a value) */
export const CONTRACT_STATUS_NAMES: Record<string, number> = {
  draft: 0,
  active: 1,
  pendingSign: 2,
  renewed: 3,
  expired: 4,
  terminated: 5,
};

/** What the lists show: the stored status refined by dates and renewal. */
export const CONTRACT_PHASES = ['draft', 'pendingSign', 'active', 'expiring', 'renewalPending', 'renewed', 'expired', 'terminated'] as const;
export type ContractPhase = (typeof CONTRACT_PHASES)[number];
export const CONTRACT_PHASE_TEXT: Record<ContractPhase, string> = {
  draft: '草稿',
  pendingSign: '待签署',
  active: '生效中',
  expiring: '即将到期',
  renewalPending: '续签中',
  renewed: '已续签',
  expired: '已到期',
  terminated: '已终止',
};

/** Days before the end date from which an active contract is "expiring" and both sides are reminded. */
export const CONTRACT_EXPIRING_DAYS = 30;

/** Renewal state of a supplier × institute relation (supplierBase/modifyRenewContractStatus). */
export const RENEW_STATUS_TEXT: Record<number, string> = {
  0: '无需续签',
  1: '待续签',
  2: '续签中',
  3: '已续签',
  4: '不再续签',
};

const DateText = z
  .string({ error: '请填写日期' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), '日期不存在');

export const ContractVO = z.object({
  id: z.number().int(),
  contractNo: z.string(),
  title: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  instituteId: z.number().int(),
  instituteName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  phase: z.enum(CONTRACT_PHASES),
  phaseName: z.string(),
  /** days to the end date for an active contract, else null */
  daysLeft: z.number().int().nullable(),
  fileId: z.number().int().nullable(),
  /** signed download link of the uploaded contract file (30 minutes) */
  fileUrl: z.string().nullable(),
  originalId: z.number().int().nullable(),
  version: z.number().int(),
  renewStatus: z.number().int(),
  renewStatusName: z.string(),
  refuseReason: z.string().nullable(),
  terminateReason: z.string().nullable(),
  terminatedAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ContractVO = z.infer<typeof ContractVO>;

export const ContractQuery = PageQuery.extend({
  instituteId: z.coerce.number().int().positive().optional(),
  status: namedStatus(CONTRACT_STATUS_NAMES, 5).optional(),
  /** contract number or title */
  keyword: z.string().trim().max(100).optional(),
  /** the platform admin may narrow to one supplier */
  supplierId: z.coerce.number().int().positive().optional(),
}).strict();
export type ContractQuery = z.infer<typeof ContractQuery>;

export const ContractAddBody = z
  .object({
    instituteId: BodyId,
    contractNo: z
      .string({ error: '请填写合同编号' })
      .trim()
      .min(4, '合同编号至少 4 个字符')
      .max(40, '合同编号最多 40 个字符')
      .regex(/^[A-Za-z0-9\-_/]+$/, '合同编号只能包含字母、数字和 - _ /'),
    title: z.string({ error: '请填写合同名称' }).trim().min(2, '合同名称至少 2 个字').max(100, '合同名称最多 100 个字'),
    startDate: DateText,
    endDate: DateText,
    fileId: BodyId.nullable().optional(),
    /** a renewal: the contract it continues (selectOriginalContract) */
    originalId: BodyId.optional(),
    /** save and submit for signature at once */
    submit: z.boolean().optional(),
  })
  .strict()
  .refine((b) => b.startDate <= b.endDate, { message: '结束日期不能早于开始日期', path: ['endDate'] });
export type ContractAddBody = z.infer<typeof ContractAddBody>;

export const CONTRACT_ACTIONS = ['submit', 'withdraw', 'sign', 'refuse', 'terminate'] as const;
export type ContractActionName = (typeof CONTRACT_ACTIONS)[number];
export const CONTRACT_ACTION_TEXT: Record<ContractActionName, string> = {
  submit: '提交签署',
  withdraw: '撤回',
  sign: '签署生效',
  refuse: '退回',
  terminate: '终止',
};

export const ContractStatusBody = z
  .object({
    id: BodyId,
    action: z.enum(CONTRACT_ACTIONS, { error: '操作不正确' }),
    reason: z.string().trim().max(200, '原因最多 200 个字').optional(),
  })
  .strict()
  .refine((b) => !(b.action === 'refuse' || b.action === 'terminate') || (b.reason && b.reason.length >= 2), {
    message: '请填写原因（至少 2 个字）',
    path: ['reason'],
  });
export type ContractStatusBody = z.infer<typeof ContractStatusBody>;

export const QrQuery = z.object({ token: z.string().min(10, '二维码内容不正确').max(600, '二维码内容不正确'), t: z.string().optional() }).strict();

/** What anyone scanning a contract's QR code learns: the public facts, nothing else. */
export const ContractPublicVO = z.object({
  contractNo: z.string(),
  title: z.string(),
  supplierName: z.string(),
  instituteName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  statusName: z.string(),
  phaseName: z.string(),
  /** the contract is in force today (status 1 and within its dates) */
  valid: z.boolean(),
  checkedAt: z.string(),
});

export const RemindVO = z.object({
  contractId: z.number().int(),
  contractNo: z.string(),
  title: z.string(),
  supplierName: z.string(),
  instituteName: z.string(),
  endDate: z.string(),
  daysLeft: z.number().int(),
  renewStatus: z.number().int(),
  renewStatusName: z.string(),
  /** reminders already sent for it (dates) */
  remindedOn: z.array(z.string()),
});
export const RemindBody = z.object({ id: BodyId }).strict();

export const SupplierBaseQuery = PageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  instituteId: z.coerce.number().int().positive().optional(),
  renewStatus: namedStatus({ none: 0, due: 1, pending: 2, renewed: 3, stop: 4 }, 4).optional(),
}).strict();
export const SupplierBaseVO = z.object({
  supplierId: z.number().int(),
  supplierName: z.string(),
  creditCode: z.string(),
  instituteId: z.number().int(),
  instituteName: z.string(),
  /** the latest contract of the pair */
  contractId: z.number().int(),
  contractNo: z.string(),
  endDate: z.string(),
  phase: z.enum(CONTRACT_PHASES),
  phaseName: z.string(),
  daysLeft: z.number().int().nullable(),
  /** the supplier may sell to the institute today */
  active: z.boolean(),
  renewStatus: z.number().int(),
  renewStatusName: z.string(),
  pendingCount: z.number().int(),
});
export const RenewStatusBody = z
  .object({ contractId: BodyId, renewStatus: z.number({ error: '续签状态不正确' }).int().min(0, '续签状态不正确').max(4, '续签状态不正确') })
  .strict();

export const ValidateInstituteQuery = z
  .object({
    instituteId: z.coerce.number({ error: '请选择研究所' }).int().positive('请选择研究所'),
    /** the delivery province; by default the institute's most used one */
    province: z.string().trim().max(20).optional(),
    t: z.string().optional(),
  })
  .strict();
export const ValidateInstituteVO = z.object({
  ok: z.boolean(),
  instituteName: z.string(),
  province: z.string().nullable(),
  contractActive: z.boolean(),
  inSupplyArea: z.boolean(),
  reasons: z.array(z.string()),
});

/** The supplier session's contract state (docs/domains/supply.md#contract-session). */
export const SupplierContractState = z.object({
  activeCount: z.number().int(),
  expiringCount: z.number().int(),
  pendingCount: z.number().int(),
  /** the nearest end among active contracts */
  nearest: z.object({ contractId: z.number().int(), instituteName: z.string(), endDate: z.string(), daysLeft: z.number().int() }).nullable(),
  institutes: z.array(z.object({ instituteId: z.number().int(), instituteName: z.string(), active: z.boolean() })),
});
export type SupplierContractState = z.infer<typeof SupplierContractState>;

export const InstituteOption = z.object({ id: z.number().int(), name: z.string() });
