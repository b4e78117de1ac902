import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { FilePicker } from '../../../../components/file-picker.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { type UploadedFile, uploadFiles } from '../../../../lib/files-api.ts';
import { agreementKeys } from '../api/agreement-query-keys.ts';
import { addContract, type ContractVO, getInstitutes, getOriginals } from '../api/contracts-api.ts';

interface Values {
  instituteId: number;
  contractNo: string;
  title: string;
  dates: [Dayjs, Dayjs];
  file?: UploadedFile[];
  originalId?: number;
}

interface Props {
  open: boolean;
  /** a renewal of this contract (selectOriginalContract), or a new contract */
  renewing: ContractVO | null;
  onClose: () => void;
  onDone: () => void;
}

/** 新增合同 / 续签: institute, number, title, validity and the signed PDF; saved as a draft or submitted for signature. */
export function ContractFormModal({ open, renewing, onClose, onDone }: Props) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const institutes = useQuery({ queryKey: agreementKeys.supplierInstitutes, queryFn: getInstitutes, enabled: open });
  const originals = useQuery({ queryKey: agreementKeys.originals, queryFn: () => getOriginals(), enabled: open && renewing !== null });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (renewing) {
      const start = dayjs(renewing.endDate).add(1, 'day');
      form.setFieldsValue({
        instituteId: renewing.instituteId,
        originalId: renewing.id,
        title: `${renewing.title.replace(/（续签）$/, '')}（续签）`,
        dates: [start, start.add(1, 'year').subtract(1, 'day')],
      });
    }
  }, [open, renewing, form]);

  const save = async (submit: boolean) => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await addContract({
        instituteId: v.instituteId,
        contractNo: v.contractNo.trim(),
        title: v.title.trim(),
        startDate: v.dates[0].format('YYYY-MM-DD'),
        endDate: v.dates[1].format('YYYY-MM-DD'),
        fileId: v.file?.[0]?.id ?? null,
        originalId: v.originalId,
        submit,
      });
      feedback.success(submit ? '合同已提交，等待平台签署' : '合同已保存为草稿');
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={renewing ? `续签合同：${renewing.contractNo}` : '新增合同'}
      width={620}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      footer={[
        <Button key="draft" loading={busy} onClick={() => void save(false)} data-testid="contract-save-draft">
          保存草稿
        </Button>,
        <Button key="submit" type="primary" loading={busy} onClick={() => void save(true)} data-testid="contract-submit">
          提交签署
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" name="contract-form">
        {renewing && (
          <Form.Item name="originalId" label="原合同">
            <Select
              disabled
              options={(originals.data ?? [renewing]).map((o) => ({ value: o.id, label: `${o.contractNo} · ${o.instituteName} · 至 ${o.endDate}` }))}
            />
          </Form.Item>
        )}
        <Form.Item name="instituteId" label="研究所" rules={[{ required: true, message: '请选择研究所' }]}>
          <Select
            disabled={renewing !== null}
            placeholder="与哪个研究所签订"
            loading={institutes.isLoading}
            options={(institutes.data ?? []).map((i) => ({ value: i.id, label: i.name }))}
            data-testid="contract-institute"
          />
        </Form.Item>
        <Form.Item
          name="contractNo"
          label="合同编号"
          rules={[
            { required: true, whitespace: true, message: '请填写合同编号' },
            { pattern: /^[A-Za-z0-9\-_/]{4,40}$/, message: '4–40 位字母、数字和 - _ /' },
          ]}
        >
          <Input placeholder="如 KC-ICCAS-2027-001" maxLength={40} data-testid="contract-no" />
        </Form.Item>
        <Form.Item name="title" label="合同名称" rules={[{ required: true, whitespace: true, min: 2, message: '请填写合同名称' }]}>
          <Input placeholder="如 2027年度试剂耗材供货框架协议" maxLength={100} data-testid="contract-title" />
        </Form.Item>
        <Form.Item name="dates" label="有效期" rules={[{ required: true, message: '请选择有效期' }]}>
          <DatePicker.RangePicker style={{ width: '100%' }} data-testid="contract-dates" />
        </Form.Item>
        <Form.Item name="file" label="合同文件" extra="已盖章的合同 PDF，不超过 10 MB（可稍后补充）">
          <FilePicker upload={(files) => uploadFiles('contract', files)} max={1} accept="application/pdf" buttonText="上传 PDF" testId="contract-file" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
