import { z } from 'zod';
import { PageQuery } from '../platform/common.ts';

/**
 * /interface/v1 Excel families (issue 13 §1): each a list with search, an Excel export, a template,
 * and an import checked row by row (every bad row listed in Chinese), previewed, and applied in one
 * transaction on confirmation. A row with 编号 updates that record (which must be the caller's);
 * without it, a row adds one (or updates the one with the same natural key).
 *
 * - contacts 供应商联系人: a supplier's sales contacts (name, phone, e-mail, position, region).
 * - contactsRelation 联系人对应: which supplier contact serves an institute or one of its departments.
 * - salesActivity 销售活动: a supplier's promotions and visits, optionally aimed at one institute.
 * - deptDiscount 协议价: the supplier's discount rules (issue 10 §4) in bulk.
 *
 * Who: suppliers their own contacts, activities and discounts; an institute's owner its institute's
 * relations (and reads its discounts and the activities aimed at it); the platform all of them.
 */
export const INTERFACE_FAMILIES = ['contacts', 'contactsRelation', 'salesActivity', 'deptDiscount'] as const;
export type InterfaceFamily = (typeof INTERFACE_FAMILIES)[number];
export const INTERFACE_FAMILY_TEXT: Record<InterfaceFamily, string> = {
  contacts: '供应商联系人',
  contactsRelation: '联系人对应',
  salesActivity: '销售活动',
  deptDiscount: '协议价',
};
/** A checked import waits this long for confirmation. */
export const INTERFACE_IMPORT_TTL_MINUTES = 60;
export const INTERFACE_IMPORT_MAX_ROWS = 2_000;
export const SALES_ACTIVITY_KINDS = ['促销', '拜访', '推介会', '试用', '其他'] as const;

export const InterfaceListQuery = PageQuery.extend({
  /** name, phone, title, 货号… as each family searches */
  keyword: z.string().trim().max(100).optional(),
  /** the platform: one institute (others may name only their own) */
  instituteId: z.coerce.number().int().positive().optional(),
}).strict();
export type InterfaceListQuery = z.infer<typeof InterfaceListQuery>;
export const InterfaceExportQuery = InterfaceListQuery.omit({ current: true, size: true });

export const ContactVO = z.object({
  id: z.number().int(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  position: z.string().nullable(),
  region: z.string().nullable(),
  note: z.string().nullable(),
  updatedAt: z.string(),
});
export type ContactVO = z.infer<typeof ContactVO>;

export const ContactRelationVO = z.object({
  id: z.number().int(),
  instituteId: z.number().int(),
  instituteName: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  contactId: z.number().int(),
  contactName: z.string(),
  contactPhone: z.string(),
  note: z.string().nullable(),
  updatedAt: z.string(),
});
export type ContactRelationVO = z.infer<typeof ContactRelationVO>;

export const SalesActivityVO = z.object({
  id: z.number().int(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  title: z.string(),
  kind: z.string(),
  instituteId: z.number().int().nullable(),
  instituteName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  content: z.string().nullable(),
  updatedAt: z.string(),
});
export type SalesActivityVO = z.infer<typeof SalesActivityVO>;

export const InterfaceDiscountVO = z.object({
  id: z.number().int(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  instituteId: z.number().int(),
  instituteName: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  itemId: z.number().int().nullable(),
  itemName: z.string().nullable(),
  catalogNo: z.string().nullable(),
  kind: z.enum(['rate', 'price']),
  rate: z.number().int().nullable(),
  price: z.number().int().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  status: z.number().int(),
  note: z.string().nullable(),
  updatedAt: z.string(),
});
export type InterfaceDiscountVO = z.infer<typeof InterfaceDiscountVO>;

export const InterfaceRowError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type InterfaceRowError = z.infer<typeof InterfaceRowError>;

export const InterfaceImportVO = z.object({
  id: z.number().int(),
  family: z.enum(INTERFACE_FAMILIES),
  fileName: z.string(),
  /** ready: no bad row, may be confirmed; invalid: has bad rows; applied; expired */
  status: z.enum(['ready', 'invalid', 'applied', 'expired']),
  totalRows: z.number().int(),
  errorRows: z.number().int(),
  /** every bad row: row number as Excel shows it, column, reason */
  errors: z.array(InterfaceRowError),
  /** what confirming does, row by row (the first 200): 新增 or 修改 and a summary */
  preview: z.array(z.object({ row: z.number().int(), action: z.enum(['新增', '修改']), summary: z.string() })),
  creates: z.number().int(),
  updates: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  appliedAt: z.string().nullable(),
});
export type InterfaceImportVO = z.infer<typeof InterfaceImportVO>;
export const InterfaceImportApplied = z.object({ id: z.number().int(), created: z.number().int(), updated: z.number().int() });
