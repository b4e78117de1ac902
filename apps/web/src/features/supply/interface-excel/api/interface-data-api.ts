import type { Page } from '@kc/contracts/platform/common';
import type {
  ContactRelationVO,
  ContactVO,
  InterfaceDiscountVO,
  InterfaceFamily,
  InterfaceImportVO,
  SalesActivityVO,
} from '@kc/contracts/supply/interface-excel';
import { api } from '../../../../lib/api-client.ts';
import { type DownloadedFile, fetchFile } from '../../../../lib/file-download.ts';

export type { ContactRelationVO, ContactVO, InterfaceDiscountVO, InterfaceFamily, InterfaceImportVO, SalesActivityVO };
export type InterfaceRow = ContactVO | ContactRelationVO | SalesActivityVO | InterfaceDiscountVO;

/** 列表 GET /interface/v1/{family}/page */
export const getInterfacePage = (f: InterfaceFamily, q: { current: number; size: number; keyword?: string }) =>
  api.get<Page<InterfaceRow>>(`/interface/v1/${f}/page`, { ...q });
/** 导出 GET /interface/v1/{family}/export */
export const exportInterface = (f: InterfaceFamily, keyword: string | undefined, name: string): Promise<DownloadedFile> =>
  fetchFile(`/interface/v1/${f}/export`, keyword ? { keyword } : undefined, `${name}.xlsx`);
/** 导入模板 GET /interface/v1/{family}/template */
export const interfaceTemplate = (f: InterfaceFamily, name: string): Promise<DownloadedFile> =>
  fetchFile(`/interface/v1/${f}/template`, undefined, `${name}导入模板.xlsx`);
/** 上传 POST /interface/v1/{family}/import */
export function uploadInterfaceImport(f: InterfaceFamily, file: File): Promise<InterfaceImportVO> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.postMultipart(`/interface/v1/${f}/import`, form);
}
/** 确认导入 POST /interface/v1/{family}/import/{id}/confirm */
export const confirmInterfaceImport = (f: InterfaceFamily, id: number) =>
  api.post<{ id: number; created: number; updated: number }>(`/interface/v1/${f}/import/${id}/confirm`);
