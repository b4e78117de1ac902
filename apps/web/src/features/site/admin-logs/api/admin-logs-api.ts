import type { AuditVO as AuditSchema, OutboxVO as OutboxSchema } from '@kc/contracts/identity/rbac';
import type { Page } from '@kc/contracts/platform/common';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import { fetchFile, saveFile } from '../../../../lib/file-download.ts';

export type OutboxVO = z.infer<typeof OutboxSchema>;
export type AuditVO = z.infer<typeof AuditSchema>;

/** 短信与邮件发件箱 GET /uac/v1/outbox/page */
export function getOutboxPage(query: { current: number; size: number; channel?: string; recipient?: string }): Promise<Page<OutboxVO>> {
  return api.get<Page<OutboxVO>>('/uac/v1/outbox/page', { ...query });
}

/** The audit log's filters as the server takes them (module: an action's first segment; days inclusive). */
export type AuditFilter = { action?: string; userId?: number; userName?: string; module?: string; dateFrom?: string; dateTo?: string };

/** 操作日志 GET /uac/v1/audit/page */
export function getAuditPage(query: { current: number; size: number } & AuditFilter): Promise<Page<AuditVO>> {
  return api.get<Page<AuditVO>>('/uac/v1/audit/page', { ...query });
}

/** 导出操作日志（Excel，最多 10000 条） GET /uac/v1/audit/export */
export async function exportAudit(filter: AuditFilter): Promise<void> {
  saveFile(await fetchFile('/uac/v1/audit/export', { ...filter }, '操作日志.xlsx'));
}
