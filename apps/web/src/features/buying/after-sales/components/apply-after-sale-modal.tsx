import { AFTER_SALE_MAX_PICTURES, AFTER_SALE_TYPE_TEXT, AfterSaleApplyBody, type AfterSaleType } from '@kc/contracts/buying/after-sales';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, InputNumber, Modal, Radio, Table, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../../lib/feedback.ts';
import { uploadFiles } from '../../../../lib/files-api.ts';
import { money } from '../../../../lib/format.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { afterSaleKeys } from '../api/after-sale-query-keys.ts';
import { applyAfterSale, getApplicable } from '../api/after-sales-api.ts';

/**
 * 申请售后 for one sub-order: the type, how many of each line (never more than the server says is
 * still available), the reason and up to 9 photos. The refund is what the server computes.
 */
export function ApplyAfterSaleModal({ subOrderId, onClose, onDone }: { subOrderId: number | null; onClose: () => void; onDone: () => void }) {
  const applicable = useQuery({
    queryKey: afterSaleKeys.applicable(subOrderId),
    queryFn: () => getApplicable(subOrderId as number),
    enabled: subOrderId !== null,
  });
  const [qty, setQty] = useState<Record<number, number>>({});
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ type: AfterSaleType; reason: string }>();
  const a = applicable.data;
  const submit = async () => {
    const v = await form.validateFields();
    const lines = Object.entries(qty)
      .filter(([, q]) => q > 0)
      .map(([lineId, quantity]) => ({ lineId: Number(lineId), quantity }));
    if (!lines.length) return feedback.warning('请填写售后数量');
    setBusy(true);
    try {
      const raw = files.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => !!f);
      const up = raw.length ? await uploadFiles('afterSale', raw) : { succeeded: [], failed: [] };
      if (up.failed.length) feedback.warning(`${up.failed.length} 张图片不符合要求，请检查后重新上传`);
      const done = await applyAfterSale({ subOrderId: subOrderId as number, type: v.type, reason: v.reason, lines, pictureIds: up.succeeded.map((f) => f.id) });
      feedback.success(`售后申请 ${done.requestNo} 已提交`);
      setQty({});
      setFiles([]);
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={subOrderId !== null}
      title={`申请售后 ${a?.subNo ?? ''}`}
      width={760}
      okText="提交申请"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {a && !a.accepted && <Alert type="info" showIcon style={{ marginBottom: 12 }} message="子订单尚未验收；整单退款请在订单详情中使用“申请退款”。" />}
      <Form form={form} layout="vertical" initialValues={{ type: 'return' }}>
        <Form.Item name="type" label="售后类型" rules={[{ required: true }]}>
          <Radio.Group options={Object.entries(AFTER_SALE_TYPE_TEXT).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Table
          size="small"
          rowKey="lineId"
          pagination={false}
          loading={applicable.isLoading}
          dataSource={a?.lines ?? []}
          columns={[
            { title: '商品', dataIndex: 'name' },
            { title: '单价', dataIndex: 'unitPrice', width: 90, render: (v: number) => money(v) },
            { title: '已发货', dataIndex: 'delivered', width: 70 },
            { title: '已申请', dataIndex: 'requested', width: 70 },
            {
              title: '本次数量',
              key: 'qty',
              width: 110,
              render: (_, l) => (
                <InputNumber
                  min={0}
                  max={l.available}
                  precision={0}
                  disabled={l.available === 0}
                  value={qty[l.lineId]}
                  onChange={(v) => setQty({ ...qty, [l.lineId]: v ?? 0 })}
                />
              ),
            },
          ]}
        />
        <Form.Item name="reason" label="申请原因" style={{ marginTop: 12 }} rules={contractRules(AfterSaleApplyBody.shape.reason)}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="如：外包装破损、试剂泄漏，附照片" />
        </Form.Item>
        <Form.Item label={`图片（最多 ${AFTER_SALE_MAX_PICTURES} 张）`}>
          <Upload
            listType="picture-card"
            accept="image/jpeg,image/png,image/webp"
            fileList={files}
            beforeUpload={() => false}
            onChange={(e) => setFiles(e.fileList.slice(0, AFTER_SALE_MAX_PICTURES))}
          >
            {files.length < AFTER_SALE_MAX_PICTURES && '上传'}
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
