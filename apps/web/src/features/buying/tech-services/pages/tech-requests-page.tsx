import { TECH_REQUEST_STATUS_TEXT, TechSendBody } from '@kc/contracts/buying/tech-services';
import { BUILTIN_ROLE } from '@kc/contracts/platform/permissions';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Modal, Space, Statistic, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { type ListField, ListPage, type ListTab, useListPage } from '../../../../components/list-page/index.ts';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { ReasonModal, type ReasonRequest } from '../../../../components/reason-modal.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { techKeys } from '../api/tech-query-keys.ts';
import {
  acceptRequest,
  cancelRequest,
  completeRequest,
  getBuyerRequest,
  getBuyerRequests,
  getSummary,
  sendSamples,
  type TechRequestDetail,
  type TechRequestVO,
  type TechScope,
} from '../api/tech-services-api.ts';
import { RequestDetailDrawer, useRequestMoves } from '../components/request-detail-drawer.tsx';
import { STATUS_COLOR, STATUS_OPTIONS } from '../components/tech-format.ts';

const FIELDS: ListField[] = [
  { kind: 'text', name: 'keyword', label: '关键词', placeholder: '委托编号、服务或服务商', width: 200 },
  { kind: 'select', name: 'status', label: '状态', options: STATUS_OPTIONS },
];

/**
 * /cass/techService/requests (服务委托): the buyer's own requests with their moves (确认报价、寄出样品、
 * 确认完成、取消); a team leader also sees the led teams' requests and an institute owner or finance
 * the institute's, with the committed amount (accepted requests count as spend).
 */
export function TechRequestsPage({ entry, home }: MenuPageProps) {
  const { data: info } = useUserAllInfo();
  const tabs = useMemo<ListTab[]>(() => {
    const codes = new Set(info?.user.roles.map((r) => r.code) ?? []);
    const out: ListTab[] = [{ key: 'mine', label: '我的委托' }];
    if (codes.has(BUILTIN_ROLE.TEAM_LEADER)) out.push({ key: 'team', label: '课题组委托' });
    if (codes.has(BUILTIN_ROLE.INSTITUTE_OWNER) || codes.has(BUILTIN_ROLE.FINANCE)) out.push({ key: 'institute', label: '本所委托' });
    return out;
  }, [info]);
  const list = useListPage<TechRequestVO>({ queryKey: techKeys.requests, fields: FIELDS, tabs, request: getBuyerRequests });
  const scope = (list.tab ?? 'mine') as TechScope;
  const summary = useQuery({ queryKey: techKeys.summary(scope), queryFn: () => getSummary(scope) });
  const [open, setOpen] = useState<number | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [shipping, setShipping] = useState<TechRequestDetail | null>(null);

  const { run } = useRequestMoves(techKeys.requests);
  const confirm = (title: string, content: string, onOk: () => Promise<unknown>) =>
    feedback.modal().confirm({ title, content, okText: '确定', cancelText: '取消', onOk: () => onOk().catch(() => undefined) });

  const actions = (d: TechRequestDetail) => (
    <Space>
      {d.actions.includes('accept') && (
        <Button
          type="primary"
          onClick={() =>
            confirm('确认报价', `确认按 ¥${((d.amount ?? 0) / 100).toFixed(2)}（含税）委托？确认后请寄送样品。`, () =>
              run(d.id, () => acceptRequest(d.id), '已确认报价'),
            )
          }
        >
          确认报价
        </Button>
      )}
      {d.actions.includes('sendSamples') && (
        <Button type="primary" onClick={() => setShipping(d)}>
          寄出样品
        </Button>
      )}
      {d.actions.includes('complete') && (
        <Button
          type="primary"
          onClick={() => confirm('确认完成', '确认已收到报告并完成本次委托？', () => run(d.id, () => completeRequest(d.id), '委托已完成'))}
        >
          确认完成
        </Button>
      )}
      {d.actions.includes('cancel') && (
        <Button
          danger
          onClick={() => setReason({ title: '取消委托', maxLength: 200, danger: true, onSubmit: (r) => run(d.id, () => cancelRequest(d.id, r), '委托已取消') })}
        >
          取消委托
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
      searchName="tech-request-search"
      batchBar={
        summary.data && (
          <Card size="small">
            <Flex gap={48}>
              <Statistic title="已确认委托" value={summary.data.committedCount} suffix="个" />
              <Statistic title="已确认金额（含税）" value={(summary.data.committedAmount / 100).toFixed(2)} prefix="¥" />
              <Statistic title="待采购人处理" value={summary.data.waitingCount} suffix="个" />
            </Flex>
          </Card>
        )
      }
      emptyText="还没有技术服务委托：在“服务目录”中选择服务并填写样品信息即可委托"
      columns={[
        { title: '委托编号', dataIndex: 'requestNo', width: 170 },
        { title: '服务', dataIndex: 'serviceName' },
        { title: '服务商', dataIndex: 'supplierName', width: 200 },
        ...(scope === 'mine' ? [] : [{ title: '委托人', key: 'buyer', width: 110, render: (_: unknown, r: TechRequestVO) => r.buyerName }]),
        { title: '样品数', dataIndex: 'sampleCount', width: 80 },
        { title: '金额（含税）', key: 'amount', width: 120, align: 'right', render: (_, r) => (r.amount === null ? '待报价' : <MoneyCell fen={r.amount} />) },
        { title: '状态', key: 'status', width: 110, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{TECH_REQUEST_STATUS_TEXT[r.status]}</Tag> },
        { title: '提交时间', key: 'createdAt', width: 160, render: (_, r) => shanghaiTime(r.createdAt) },
        {
          title: '操作',
          key: 'actions',
          width: 80,
          render: (_, r) => (
            <Button type="link" size="small" onClick={() => setOpen(r.id)} data-testid={`tech-request-open-${r.requestNo}`}>
              详情
            </Button>
          ),
        },
      ]}
    >
      <RequestDetailDrawer id={open} load={getBuyerRequest} actions={actions} onClose={() => setOpen(null)} />
      <ReasonModal request={reason} onClose={() => setReason(null)} />
      <ShipModal
        request={shipping}
        onClose={() => setShipping(null)}
        onSubmit={async (carrier, no) => {
          if (!shipping) return;
          await run(shipping.id, () => sendSamples(shipping.id, carrier, no), '已登记寄出样品');
          setShipping(null);
        }}
      />
    </ListPage>
  );
}

function ShipModal({
  request,
  onClose,
  onSubmit,
}: {
  request: TechRequestDetail | null;
  onClose: () => void;
  onSubmit: (carrier: string, no: string) => Promise<void>;
}) {
  const [form] = Form.useForm<{ carrier: string; trackingNo: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit(v.carrier.trim(), v.trackingNo.trim());
      form.resetFields();
    } catch {
      // shown by the error catalogue
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={!!request} title="寄出样品" onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} okText="确定" destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ carrier: '顺丰速运' }}>
        <Form.Item name="carrier" label="快递公司" rules={contractRules(TechSendBody.shape.carrier)}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="trackingNo" label="快递单号" rules={contractRules(TechSendBody.shape.trackingNo)}>
          <Input maxLength={30} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
