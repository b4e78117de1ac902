import { Alert, Button, Flex, Form, Input, Modal, Space, Steps, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { FilePicker } from '../../../../components/file-picker.tsx';
import { usePagedQuery } from '../../../../components/list-page/index.ts';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { type UploadedFile, uploadFiles } from '../../../../lib/files-api.ts';
import { money } from '../../../../lib/format.ts';
import { useSaving } from '../../../../lib/use-saving.ts';
import { rmbUppercase } from '../../../buying/orders/index.ts';
import { claimKeys } from '../api/claim-query-keys.ts';
import { applyClaim, type ClaimableVO, getClaimable } from '../api/claims-api.ts';
import { MATCH_TAGS } from '../claim-status.ts';

const MAX = 50;

/**
 * 发起报销: choose sub-orders (the ineligible ones show why), attach papers, preview the 报销单 as it
 * will print (orders, items, invoice numbers, total in figures and in 大写), submit. One claim over
 * all chosen sub-orders, or one per sub-order.
 */
export function ClaimWizard({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<ClaimableVO[]>([]);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [separate, setSeparate] = useState(false);
  const [remark, setRemark] = useState('');
  const { saving: busy, run } = useSaving();
  const { query: q, pagination } = usePagedQuery({
    queryKey: claimKeys.claimable,
    queryFn: (page) => getClaimable(page),
    enabled: open,
    size: 20,
    showTotal: (n) => `共 ${n} 条`,
  });
  const total = chosen.reduce((a, s) => a + s.amount, 0);

  const reset = () => {
    setStep(0);
    setChosen([]);
    setFiles([]);
    setSeparate(false);
    setRemark('');
  };
  const submit = () =>
    run(async () => {
      const made = await applyClaim({
        subOrderIds: chosen.map((s) => s.subOrderId),
        separate,
        fileIds: files.map((f) => f.id),
        remark: remark.trim() || undefined,
      });
      feedback.success(`已提交 ${made.length} 张报销单：${made.map((m) => m.claimNo).join('、')}`);
      reset();
      onDone();
    });

  return (
    <Modal
      open={open}
      width={1000}
      title="发起报销"
      onCancel={() => {
        reset();
        onClose();
      }}
      footer={
        <Space>
          {step > 0 && <Button onClick={() => setStep(step - 1)}>上一步</Button>}
          {step < 2 && (
            <Button type="primary" disabled={chosen.length === 0} onClick={() => setStep(step + 1)} data-testid="claim-next">
              下一步
            </Button>
          )}
          {step === 2 && (
            <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="claim-submit">
              提交报销
            </Button>
          )}
        </Space>
      }
      data-testid="claim-wizard"
    >
      <Steps current={step} size="small" style={{ marginBottom: 16 }} items={[{ title: '选择订单' }, { title: '上传附件' }, { title: '预览并提交' }]} />
      {step === 0 && (
        <Table<ClaimableVO>
          size="small"
          rowKey="subOrderId"
          loading={q.isLoading}
          dataSource={q.data?.records ?? []}
          pagination={pagination}
          rowSelection={{
            selectedRowKeys: chosen.map((s) => s.subOrderId),
            preserveSelectedRowKeys: true,
            getCheckboxProps: (r) => ({ disabled: !r.eligible }),
            onChange: (keys, rows) =>
              // rows of other pages come back undefined: keep what was chosen there
              setChosen((prev) =>
                keys
                  .map((k) => rows.find((r) => r?.subOrderId === k) ?? prev.find((p) => p.subOrderId === k))
                  .filter((r): r is ClaimableVO => r !== undefined)
                  .slice(0, MAX),
              ),
          }}
          columns={[
            { title: '订单号', dataIndex: 'orderNo', width: 170 },
            { title: '供应商', dataIndex: 'supplierName', width: 170, ellipsis: true },
            { title: '商品', key: 'item', ellipsis: true, render: (_, r) => (r.lineCount > 1 ? `${r.firstItem} 等 ${r.lineCount} 种` : r.firstItem) },
            { title: '金额', key: 'amount', width: 110, align: 'right', render: (_, r) => <MoneyCell fen={r.amount} /> },
            { title: '发票', key: 'match', width: 90, render: (_, r) => <StatusTag value={r.matchState} table={MATCH_TAGS} /> },
            {
              title: '能否报销',
              key: 'why',
              width: 240,
              render: (_, r) =>
                r.eligible ? <Typography.Text type="success">可报销</Typography.Text> : <Typography.Text type="secondary">{r.reason}</Typography.Text>,
            },
          ]}
        />
      )}
      {step === 1 && (
        <Flex vertical gap={12}>
          <Alert type="info" showIcon title="可上传验收单、发票查验结果等材料（PDF、JPG、PNG，每个不超过 10 MB，最多 20 个）。" />
          <FilePicker
            value={files}
            onChange={setFiles}
            upload={(f) => uploadFiles('claim', f)}
            max={20}
            accept="application/pdf,image/jpeg,image/png"
            testId="claim-files"
          />
          <Form.Item label="说明" style={{ marginBottom: 0 }}>
            <Input.TextArea value={remark} onChange={(e) => setRemark(e.target.value)} maxLength={500} rows={3} placeholder="报销用途等（选填）" />
          </Form.Item>
        </Flex>
      )}
      {step === 2 && (
        <Flex vertical gap={12}>
          <Space>
            <Switch checked={separate} onChange={setSeparate} />
            <span>{separate ? `每个订单一张报销单（共 ${chosen.length} 张）` : '所选订单合为一张报销单'}</span>
          </Space>
          <div style={{ border: '1px solid #d9d9d9', padding: 16 }} data-testid="claim-preview">
            <Typography.Title level={4} style={{ textAlign: 'center', letterSpacing: 6 }}>
              报销单（预览）
            </Typography.Title>
            <Table
              size="small"
              bordered
              pagination={false}
              rowKey="subOrderId"
              dataSource={chosen}
              columns={[
                { title: '序号', key: 'i', width: 60, render: (_, __, i) => i + 1 },
                { title: '订单号', dataIndex: 'orderNo', width: 170 },
                { title: '商品名称', key: 'item', render: (_, r) => (r.lineCount > 1 ? `${r.firstItem} 等 ${r.lineCount} 种` : r.firstItem) },
                { title: '金额（元）', key: 'a', width: 120, align: 'right', render: (_, r) => money(r.amount) },
                { title: '发票号', key: 'inv', width: 200, render: (_, r) => r.invoiceNumbers.join('、') },
              ]}
            />
            <p style={{ marginTop: 8 }}>
              合计：{money(total)}　大写：人民币{rmbUppercase(total)}
            </p>
            <p>附件：{files.length ? files.map((f) => f.name).join('、') : '无'}</p>
            <Flex justify="space-between" style={{ marginTop: 24 }}>
              <span>报销人（签字）：＿＿＿＿</span>
              <span>课题组长（签字）：＿＿＿＿</span>
              <span>财务（签字）：＿＿＿＿</span>
            </Flex>
          </div>
          <Typography.Text type="secondary">提交后可在“我的报销单”中打开正式的报销单 PDF（含审批记录与二维码）。</Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
