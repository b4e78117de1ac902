import { COMPLAINT_CATEGORY_TEXT, ComplaintBody, type ComplaintCategory } from '@kc/contracts/buying/complaints';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { api } from '../../../../lib/api-client.ts';
import { feedback } from '../../../../lib/feedback.ts';
import { uploadFiles } from '../../../../lib/files-api.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { complaintKeys } from '../api/complaint-query-keys.ts';
import { addComplaint } from '../api/complaints-api.ts';

const getSuppliers = (): Promise<{ id: number; companyName: string }[]> => api.get('/supplier/v1/suser/allActivatedSupplier');

/** 新建投诉: about the sub-order the order detail passed, or about a supplier chosen here. */
export function NewComplaintModal({
  open,
  subOrderId,
  onClose,
  onDone,
}: {
  open: boolean;
  subOrderId: number | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const suppliers = useQuery({ queryKey: complaintKeys.suppliers, queryFn: getSuppliers, enabled: open && subOrderId === null });
  const [form] = Form.useForm<{ supplierId?: number; category: ComplaintCategory; content: string }>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const raw = files.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => !!f);
      const up = raw.length ? await uploadFiles('complaint', raw) : { succeeded: [], failed: [] };
      if (up.failed.length) feedback.warning(`${up.failed.length} 个附件不符合要求，请检查后重新上传`);
      const about = subOrderId !== null ? { subOrderId } : { supplierId: v.supplierId };
      const made = await addComplaint({ ...about, category: v.category, content: v.content, fileIds: up.succeeded.map((f) => f.id) });
      feedback.success(`投诉 ${made.complaintNo} 已提交`);
      setFiles([]);
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={subOrderId !== null ? '投诉该子订单' : '新建投诉'}
      okText="提交"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        {subOrderId === null && (
          <Form.Item name="supplierId" label="被投诉供应商" rules={[{ required: true, message: '请选择供应商' }]}>
            <Select
              showSearch
              optionFilterProp="label"
              loading={suppliers.isLoading}
              options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: s.companyName }))}
            />
          </Form.Item>
        )}
        <Form.Item name="category" label="投诉类型" rules={contractRules(ComplaintBody.shape.category, '请选择投诉类型')}>
          <Select options={Object.entries(COMPLAINT_CATEGORY_TEXT).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="content" label="投诉内容" rules={contractRules(ComplaintBody.shape.content)}>
          <Input.TextArea rows={4} maxLength={1000} showCount />
        </Form.Item>
        <Form.Item label="附件（图片或 PDF，最多 6 个）">
          <Upload accept="image/jpeg,image/png,application/pdf" fileList={files} beforeUpload={() => false} onChange={(e) => setFiles(e.fileList.slice(0, 6))}>
            <Button>选择文件</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
