import type { Page } from '@kc/contracts/platform/common';
import type { ContractVO } from '@kc/contracts/supply/agreements';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';
import { type DownloadedFile, fetchFile } from '../../../../lib/file-download.ts';

export type { ContractVO } from '@kc/contracts/supply/agreements';

export interface SupplierBaseRow {
  supplierId: number;
  supplierName: string;
  creditCode: string;
  instituteId: number;
  instituteName: string;
  contractId: number;
  contractNo: string;
  endDate: string;
  phase: ContractVO['phase'];
  phaseName: string;
  daysLeft: number | null;
  active: boolean;
  renewStatus: number;
  renewStatusName: string;
  pendingCount: number;
}

export interface RemindRow {
  contractId: number;
  contractNo: string;
  title: string;
  supplierName: string;
  instituteName: string;
  endDate: string;
  daysLeft: number;
  renewStatus: number;
  renewStatusName: string;
  remindedOn: string[];
}

export interface ContractForm {
  instituteId: number;
  contractNo: string;
  title: string;
  startDate: string;
  endDate: string;
  fileId?: number | null;
  originalId?: number;
  submit?: boolean;
}

/** 合同列表 GET /supplier/v1/contract/plist（供应商：本公司；平台：全部） */
export function getContracts(query: ListRequest): Promise<Page<ContractVO>> {
  const { tab, ...rest } = query;
  return api.get<Page<ContractVO>>('/supplier/v1/contract/plist', { ...rest, status: tab === 'all' || !tab ? rest.status : tab });
}

/** 可签合同的研究所 GET /supplier/v1/contract/institutes */
export function getInstitutes(): Promise<{ id: number; name: string }[]> {
  return api.get('/supplier/v1/contract/institutes');
}

/** 新增合同（可同时提交；带 originalId 为续签） POST /supplier/v1/contract/add */
export function addContract(body: ContractForm): Promise<{ id: number }> {
  return api.post('/supplier/v1/contract/add', body);
}

/** 合同状态变更 POST /supplier/v1/contract/updateStatus */
export function updateContractStatus(
  id: number,
  action: 'submit' | 'withdraw' | 'sign' | 'refuse' | 'terminate',
  reason?: string,
): Promise<{ status: number }> {
  return api.post('/supplier/v1/contract/updateStatus', { id, action, reason });
}

/** 可续签的原合同 GET /supplier/v1/contract/selectOriginalContract */
export function getOriginals(instituteId?: number): Promise<ContractVO[]> {
  return api.get('/supplier/v1/contract/selectOriginalContract', instituteId ? { instituteId } : undefined);
}

/** 即将到期的合同与已发送的提醒 GET /supplier/v1/contract/renewContractRemind */
export function getReminders(): Promise<RemindRow[]> {
  return api.get('/supplier/v1/contract/renewContractRemind');
}

/** 发送续签提醒 POST /supplier/v1/contract/renewContractRemind */
export function sendReminder(id: number): Promise<{ sent: boolean; message: string }> {
  return api.post('/supplier/v1/contract/renewContractRemind', { id });
}

/** 合同文本 PDF（续签合同印为续签版） GET /supplier/v1/contract/downloadRenewContract?id= */
export function contractPdf(id: number): Promise<DownloadedFile> {
  return fetchFile('/supplier/v1/contract/downloadRenewContract', { id }, `合同-${id}.pdf`);
}

/** 退出表 PDF GET /supplier/v1/contract/getExitForm/{id} */
export function exitFormPdf(id: number): Promise<DownloadedFile> {
  return fetchFile(`/supplier/v1/contract/getExitForm/${id}`, undefined, `退出表-${id}.pdf`);
}

/** 供应商合同台账 GET /supplier/v1/supplierBase/plist */
export function getSupplierBase(query: ListRequest): Promise<Page<SupplierBaseRow>> {
  const { tab, ...rest } = query;
  return api.get<Page<SupplierBaseRow>>('/supplier/v1/supplierBase/plist', { ...rest, renewStatus: tab === 'all' || !tab ? undefined : tab });
}

/** 修改续签状态 POST /supplier/v1/supplierBase/modifyRenewContractStatus */
export function setRenewStatus(contractId: number, renewStatus: number): Promise<unknown> {
  return api.post('/supplier/v1/supplierBase/modifyRenewContractStatus', { contractId, renewStatus });
}
