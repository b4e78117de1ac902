import type { FilePurpose } from '@kc/contracts/shared/files';
import { api } from './api-client.ts';

export interface UploadedFile {
  id: number;
  name: string;
  size: number;
  mime: string;
  url: string;
}
export interface UploadResult {
  succeeded: UploadedFile[];
  failed: { name: string; reason: string }[];
}

function formOf(files: File[]): FormData {
  const form = new FormData();
  for (const f of files) form.append('file', f, f.name);
  return form;
}

/** 上传文件（可多个） POST /uac/file/upload */
export function uploadFiles(purpose: Exclude<FilePurpose, 'qualification'> | 'qualification', files: File[]): Promise<UploadResult> {
  return api.postMultipart<UploadResult>('/uac/file/upload', formOf(files), { query: { purpose } });
}

/** 供应商注册：上传资质文件（免登录） POST /uac/file/noauth/uploadQualification */
export function uploadQualification(files: File[]): Promise<UploadResult> {
  return api.postMultipart<UploadResult>('/uac/file/noauth/uploadQualification', formOf(files), { auth: 'basic' });
}
