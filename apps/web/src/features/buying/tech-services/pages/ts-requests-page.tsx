import { TECH_REQUEST_STATUS_TEXT, TechQuoteBody } from '@kc/contracts/buying/tech-services';
import { Button, Form, Input, InputNumber, Modal, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FilePicker } from '../../../../components/file-picker.tsx';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { ReasonModal, type ReasonRequest } from '../../../../components/reason-modal.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { type UploadedFile, uploadFiles } from '../../../../lib/files-api.ts';
import { money, shanghaiTime } from '../../../../lib/format.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { techKeys } from '../api/tech-query-keys.ts';
import {
  deliverReport,
  getSupplierRequest,
  getSupplierRequests,
  quoteRequest,
  refuseRequest,
  startRequest,
  type TechRequestDetail,
  type TechRequestVO,
} from '../api/tech-services-api.ts';
import { RequestDetailDrawer, useRequestMoves } from '../components/request-detail-drawer.tsx';
import { STATUS_COLOR, STATUS_OPTIONS } from '../components/tech-format.ts';

const FIELDS: ListField[] = [
  { kind: 'text', name: 'keyword', label: '关键词', placeholder: '委托编号或服务名称', width: 200 },
  { kind: 'select', name: 'status', label: '状态', options: STATUS_OPTIONS },
];

/** /cassSupplier/tsRequest (服务委托): requests to the supplier — 报价、拒绝、开始检测、交付报告. */
export function TsRequestsPage({ entry, home }: MenuPageProps) {
  const list = useListPage<TechRequestVO>({ queryKey: techKeys.supplierRequests, fields: FIELDS, request: getSupplierRequests });
  const [open, setOpen] = useState<number | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [quoting, setQuoting] = useState<TechRequestDetail | null>(null);
  const [delivering, setDelivering] = useState<TechRequestDetail | null>(null);

  const { refresh, run } = useRequestMoves(techKeys.supplierRequests);

  const actions = (d: TechRequestDetail) => (
    <Space>
      {d.actions.includes('quote') && (
        <Button type="primary" onClick={() => setQuoting(d)}>
          {d.status === 'quoted' ? '修改报价' : '报价'}
        </Button>
      )}
      {d.actions.includes('start') && (
        <Button
          type="primary"
          onClick={() =>
            feedback.modal().confirm({
              title: '开始检测',
              content: '确认已收到样品并开始检测？',
              okText: '确定',
              cancelText: '取消',
              onOk: () => run(d.id, () => startRequest(d.id), '已开始检测').catch(() => undefined),
            })
          }
        >
          开始检测
        </Button>
      )}
      {d.actions.includes('deliver') && (
        <Button type="primary" onClick={() => setDelivering(d)}>
          {d.status === 'report_delivered' ? '重新交付报告' : '交付报告'}
        </Button>
      )}
      {d.actions.includes('refuse') && (
        <Button
          danger
          onClick={() => setReason({ title: '拒绝委托', maxLength: 200, danger: true, onSubmit: (r) => run(d.id, () => refuseRequest(d.id, r), '已拒绝委托') })}
        >
          拒绝
        </Button>
      )}
    </Space>
  );

  return (
    <ListPage<TechRequestVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="ts-request-search"
      emptyText="还没有收到技术服务委托：上架服务项目后，采购人提交的委托会列在这里"
      columns={[
        { title: '委托编号', dataIndex: 'requestNo', width: 170 },
        { title: '服务', dataIndex: 'serviceName' },
        { title: '委托单位', key: 'inst', width: 220, render: (_, r) => `${r.instituteName} · ${r.buyerName}` },
        { title: '样品数', dataIndex: 'sampleCount', width: 80 },
        { title: '金额（含税）', key: 'amount', width: 120, align: 'right', render: (_, r) => (r.amount === null ? '待报价' : <MoneyCell fen={r.amount} />) },
        { title: '状态', key: 'status', width: 110, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{TECH_REQUEST_STATUS_TEXT[r.status]}</Tag> },
        { title: '提交时间', key: 'createdAt', width: 160, render: (_, r) => shanghaiTime(r.createdAt) },
        {
          title: '操作',
          key: 'actions',
          width: 80,
          render: (_, r) => (
            <Button type="link" size="small" onClick={() => setOpen(r.id)} data-testid={`ts-request-open-${r.requestNo}`}>
              处理
            </Button>
          ),
        },
      ]}
    >
      <RequestDetailDrawer id={open} load={getSupplierRequest} actions={actions} onClose={() => setOpen(null)} />
      <ReasonModal request={reason} onClose={() => setReason(null)} />
      <QuoteModal request={quoting} onClose={() => setQuoting(null)} onDone={(id) => void refresh(id)} />
      <DeliverModal request={delivering} onClose={() => setDelivering(null)} onDone={(id) => void refresh(id)} />
    </ListPage>
  );
}

/** 报价: unit price (yuan, tax included) × quantity; the server computes the total and its tax. */
function QuoteModal({ request, onClose, onDone }: { request: TechRequestDetail | null; onClose: () => void; onDone: (id: number) => void }) {
  const [form] = Form.useForm<{ unitPrice: number; quantity: number; note?: string }>();
  const [busy, setBusy] = useState(false);
  const unit = Form.useWatch('unitPrice', form) ?? 0;
  const qty = Form.useWatch('quantity', form) ?? 0;
  useEffect(() => {
    if (request)
      form.setFieldsValue({
        unitPrice: request.unitPrice === null ? undefined : request.unitPrice / 100,
        quantity: request.quantity ?? request.sampleCount,
        note: request.quoteNote ?? '',
      });
  }, [request, form]);
  const submit = async () => {
    if (!request) return;
    const v = await form.validateFields();
    setBusy(true);
    try {
      await quoteRequest(request.id, Math.round(v.unitPrice * 100), v.quantity, v.note ?? '');
      feedback.success('已报价');
      onDone(request.id);
      onClose();
    } catch {
      // shown by the error catalogue
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={!!request} title="报价" onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} okText="提交报价" destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="unitPrice" label="单价（元，含税）" rules={[{ required: true, message: '请填写单价' }]}>
          <InputNumber min={0.01} precision={2} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="quantity" label="数量" rules={contractRules(TechQuoteBody.shape.quantity, { required: '请填写数量' })}>
          <InputNumber min={1} max={10000} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Typography.Paragraph>
          合计 {money(Math.round(unit * 100) * qty)}（含 {request?.taxRate ?? '6'}% 增值税，税额由平台按发票规则计算）
        </Typography.Paragraph>
        <Form.Item name="note" label="报价说明">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 交付报告: PDF or pictures uploaded for this purpose; a new delivery replaces the earlier files. */
function DeliverModal({ request, onClose, onDone }: { request: TechRequestDetail | null; onClose: () => void; onDone: (id: number) => void }) {
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (request) {
      setFiles([]);
      setNote('');
    }
  }, [request]);
  const submit = async () => {
    if (!request) return;
    if (files.length === 0) return feedback.warning('请上传报告文件');
    setBusy(true);
    try {
      await deliverReport(
        request.id,
        files.map((f) => f.id),
        note,
      );
      feedback.success('报告已交付');
      onDone(request.id);
      onClose();
    } catch {
      // shown by the error catalogue
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={!!request} title="交付报告" onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} okText="交付" destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <FilePicker
          value={files}
          onChange={setFiles}
          upload={(fs) => uploadFiles('techReport', fs)}
          max={10}
          accept="application/pdf,image/jpeg,image/png"
          buttonText="上传报告（PDF 或图片，单个不超过 10 MB）"
          testId="ts-report-file"
        />
        <Input.TextArea rows={2} maxLength={500} placeholder="说明（可选）" value={note} onChange={(e) => setNote(e.target.value)} />
      </Space>
    </Modal>
  );
}
