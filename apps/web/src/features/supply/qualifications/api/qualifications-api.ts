import type { Page } from '@kc/contracts/platform/common';
import type { QualificationInput, QualificationVO } from '@kc/contracts/supply/qualifications';
import type { ListRequest } from '../../../../components/list-page/index.ts';
import { api } from '../../../../lib/api-client.ts';

export type { QualificationVO } from '@kc/contracts/supply/qualifications';

const query = ({ tab, ...rest }: ListRequest) => ({ ...rest, status: tab === 'all' || tab === undefined ? undefined : tab });

/** 本供应商的资质 GET /supplier/v1/qualification/plist（页签为审核状态，按名称传） */
export function getMyQualifications(q: ListRequest): Promise<Page<QualificationVO>> {
  return api.get<Page<QualificationVO>>('/supplier/v1/qualification/plist', query(q));
}

/** 新增资质 POST /supplier/v1/qualification/add */
export function addQualification(body: QualificationInput): Promise<{ id: number }> {
  return api.post<{ id: number }>('/supplier/v1/qualification/add', body);
}

/** 修改资质（重新审核） POST /supplier/v1/qualification/update */
export function updateQualification(id: number, body: QualificationInput): Promise<null> {
  return api.post<null>('/supplier/v1/qualification/update', { id, ...body });
}

/** 撤回资质 POST /supplier/v1/qualification/withdraw */
export function withdrawQualification(id: number): Promise<null> {
  return api.post<null>('/supplier/v1/qualification/withdraw', { id });
}

/** 资质审核（平台） GET /supplier/v1/qualification/review/plist */
export function getQualificationReview(q: ListRequest): Promise<Page<QualificationVO>> {
  return api.get<Page<QualificationVO>>('/supplier/v1/qualification/review/plist', query(q));
}

/** 审核通过 POST /supplier/v1/qualification/review/approve */
export function approveQualification(id: number): Promise<null> {
  return api.post<null>('/supplier/v1/qualification/review/approve', { id });
}

/** 驳回 POST /supplier/v1/qualification/review/refuse */
export function refuseQualification(id: number, reason: string): Promise<null> {
  return api.post<null>('/supplier/v1/qualification/review/refuse', { id, reason });
}
