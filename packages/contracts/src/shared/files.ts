import { z } from 'zod';

export const FILE_PURPOSES = [
  'qualification',
  'pageConfig',
  'notice',
  'help',
  'item',
  'contract',
  'shop',
  'claim',
  'invoice',
  'afterSale',
  'complaint',
  'techReport',
  'manual',
] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** What each purpose accepts: at most 5 MB, images (and PDF for qualifications). */
export const FILE_RULES: Record<FilePurpose, { maxBytes: number; mimes: string[] }> = {
  qualification: { maxBytes: 5 * 1024 * 1024, mimes: ['image/jpeg', 'image/png', 'application/pdf'] },
  pageConfig: { maxBytes: 5 * 1024 * 1024, mimes: ['image/jpeg', 'image/png', 'image/webp'] },
  notice: { maxBytes: 5 * 1024 * 1024, mimes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] },
  help: { maxBytes: 5 * 1024 * 1024, mimes: ['image/jpeg', 'image/png', 'image/webp'] },
  item: { maxBytes: 2 * 1024 * 1024, mimes: ['image/jpeg', 'image/png', 'image/webp'] },
  contract: { maxBytes: 10 * 1024 * 1024, mimes: ['application/pdf'] },
  /** shop logo and banners (店铺管理) */
  shop: { maxBytes: 2 * 1024 * 1024, mimes: ['image/jpeg', 'image/png', 'image/webp'] },
  /** papers a buyer adds to a claim (报销附件): scans and PDFs */
  claim: { maxBytes: 10 * 1024 * 1024, mimes: ['image/jpeg', 'image/png', 'application/pdf'] },
  /** supplier invoices: 数电 XML and OFD, PDF, photos of paper invoices; the institute's own rules narrow these */
  invoice: { maxBytes: 10 * 1024 * 1024, mimes: ['application/pdf', 'application/ofd', 'application/xml', 'image/jpeg', 'image/png'] },
  /** reports a technical-service supplier delivers (测序峰图截图、检测报告 PDF) */
  techReport: { maxBytes: 10 * 1024 * 1024, mimes: ['application/pdf', 'image/jpeg', 'image/png'] },
  /** photos of the goods on an after-sales request (售后) */
  afterSale: { maxBytes: 5 * 1024 * 1024, mimes: ['image/jpeg', 'image/png', 'image/webp'] },
  /** evidence on a complaint (投诉附件): photos and PDFs */
  complaint: { maxBytes: 10 * 1024 * 1024, mimes: ['image/jpeg', 'image/png', 'application/pdf'] },
  /** 操作手册: PDF or Word (.doc, .docx) */
  manual: {
    maxBytes: 10 * 1024 * 1024,
    mimes: ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  },
};

export const UploadedFile = z.object({ id: z.number().int(), name: z.string(), size: z.number().int(), mime: z.string(), url: z.string() });
export const UploadResult = z.object({
  succeeded: z.array(UploadedFile),
  /** docs/domains/shared.md#upload-results: 'N 张图片不符合要求，请检查后重新上传' */
  failed: z.array(z.object({ name: z.string(), reason: z.string() })),
});
export const UploadQuery = z.object({ purpose: z.enum(FILE_PURPOSES, { error: '上传用途不正确' }) }).strict();
export const DownloadQuery = z
  .object({
    id: z.coerce.number().int().positive(),
    expires: z.coerce.number().int().positive(),
    sig: z.string().regex(/^[0-9a-f]{64}$/, '下载签名不正确'),
  })
  .strict();
