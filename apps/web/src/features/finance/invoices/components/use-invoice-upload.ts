import { Form } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '../../../../lib/feedback.ts';
import type { UploadedFile } from '../../../../lib/files-api.ts';
import { useSaving } from '../../../../lib/use-saving.ts';
import { type BillableVO, type InvoiceDetailVO, type ParsedInvoiceVO, parseInvoice, uploadInvoice } from '../api/invoices-api.ts';
import { fromParsed, type InvoiceValues, initialValues, lineTotals, today, uploadBody } from './invoice-upload-values.ts';

export interface InvoiceUploadProps {
  open: boolean;
  subs: BillableVO[];
  red: InvoiceDetailVO | null;
  sellerName?: string;
  onClose: () => void;
  onDone: () => void;
}

/** The upload form: filled when it opens, read from a digital file, summed as it changes, sent on 确认上传. */
export function useInvoiceUpload({ open, subs, red, sellerName, onDone }: InvoiceUploadProps) {
  const [form] = Form.useForm<InvoiceValues>();
  const [parsed, setParsed] = useState<ParsedInvoiceVO | null>(null);
  const reading = useSaving();
  const { saving: busy, run } = useSaving();
  const lines = Form.useWatch('lines', form) ?? [];
  const kind = Form.useWatch('kind', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setParsed(null);
    form.setFieldsValue(initialValues(red, subs, sellerName, today()));
  }, [open, red, subs, sellerName, form]);

  const onFile = async (files: UploadedFile[]) => {
    form.setFieldValue('file', files);
    const f = files[0];
    if (!f || (f.mime !== 'application/xml' && f.mime !== 'application/pdf')) return;
    await reading.run(async () => {
      const p = await parseInvoice(f.id);
      setParsed(p);
      const values = fromParsed(p);
      // a red invoice keeps the blue one's negated lines unless the file has its own
      form.setFieldsValue(red && !p.lines.length ? { ...values, lines: form.getFieldValue('lines') } : values);
    });
  };

  const submit = async () => {
    const v = await form.validateFields();
    await run(async () => {
      const r = await uploadInvoice(uploadBody(v, { red, subs, parsed }));
      if (r.exception) void feedback.successDialog(`发票已上传，但与本单位信息不符，已记为异常，等待财务确认：${r.exception}`);
      else feedback.success(red ? '红字发票已上传，蓝字发票已冲销' : `发票已上传（子订单 ${r.subNos.join('、')}）`);
      onDone();
    });
  };

  return { form, parsed, reading: reading.saving, busy, kind, totals: lineTotals(lines), onFile, submit };
}
