import { RENEW_STATUS_TEXT } from '@kc/contracts/supply/agreements';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Select, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { ReasonModal, type ReasonRequest } from '../../../../components/reason-modal.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { agreementKeys } from '../api/agreement-query-keys.ts';
import {
  type ContractVO,
  getContracts,
  getInstitutes,
  getSupplierBase,
  type SupplierBaseRow,
  sendReminder,
  setRenewStatus,
  updateContractStatus,
} from '../api/contracts-api.ts';
import { contractColumns } from '../components/contract-columns.tsx';
import { contractReviewColumns } from '../components/contract-review-columns.tsx';

const TABS = [
  { key: 'pendingSign', label: '待签署' },
  { key: 'active', label: '生效中' },
  { key: 'expired', label: '已到期' },
  { key: 'terminated', label: '已终止' },
  { key: 'all', label: '全部' },
] as const;
const RENEW_OPTIONS = Object.entries(RENEW_STATUS_TEXT).map(([value, label]) => ({ value: Number(value), label }));

/**
 * 供应商合同 (platform): contracts waiting for signature are signed or sent back with a reason; an
 * active one can be terminated with a reason (the supplier then has its 退出表) or reminded of its
 * renewal. Below, the supplier base records: each supplier × institute, whether the supplier may
 * sell there today, and the renewal state the platform tracks.
 */
export function ContractReviewPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const institutes = useQuery({ queryKey: agreementKeys.reviewInstitutes, queryFn: getInstitutes });
  const fields = useMemo<ListField[]>(
    () => [
      {
        kind: 'select',
        name: 'instituteId',
        label: '研究所',
        options: (institutes.data ?? []).map((i) => ({ value: String(i.id), label: i.name })),
        width: 220,
      },
      { kind: 'text', name: 'keyword', label: '合同', placeholder: '合同编号或名称', width: 200 },
    ],
    [institutes.data],
  );
  const list = useListPage<ContractVO>({ queryKey: agreementKeys.review, fields, tabs: TABS, request: getContracts, flags: usePageFlags(entry) });
  const base = useQuery({ queryKey: agreementKeys.reviewSuppliers, queryFn: () => getSupplierBase({ current: 1, size: 200 }) });
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: agreementKeys.review });

  const sign = (c: ContractVO) =>
    feedback.modal().confirm({
      title: `签署合同 ${c.contractNo}？`,
      content: `${c.supplierName} 与 ${c.instituteName}，${c.startDate} 至 ${c.endDate}。签署后合同生效，该所采购人可以看到并购买该供应商的商品。`,
      okText: '签署生效',
      cancelText: '取消',
      onOk: async () => {
        await updateContractStatus(c.id, 'sign');
        feedback.success('合同已签署生效');
        await refresh();
      },
    });
  /** 退回 a contract waiting for signature, or 终止 an active one: both with a reason the supplier reads. */
  const askReason = (c: ContractVO, action: 'refuse' | 'terminate') =>
    setAsking({
      title: action === 'refuse' ? '退回合同' : '终止合同',
      okText: action === 'refuse' ? '确认退回' : '确认终止',
      danger: true,
      maxLength: 200,
      requiredMessage: '请填写原因（至少 2 个字）',
      placeholder: '供应商将看到此原因',
      note:
        action === 'terminate' ? (
          <Typography.Paragraph type="warning">终止后该供应商的商品不再向 {c.instituteName} 展示和销售；已下的订单照常履行。</Typography.Paragraph>
        ) : undefined,
      onSubmit: async (reason) => {
        await updateContractStatus(c.id, action, reason);
        feedback.success(action === 'refuse' ? '已退回供应商' : '合同已终止');
        await refresh();
      },
    });
  const remind = async (c: ContractVO) => {
    const r = await sendReminder(c.id);
    if (r.sent) feedback.success(r.message);
    else feedback.warning(r.message);
  };

  return (
    <ListPage<ContractVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="contract-review-search"
      emptyText={list.tab === 'pendingSign' ? '没有待签署的合同' : '暂无合同'}
      table={{ scroll: { x: 1300 }, size: 'middle' }}
      columns={contractReviewColumns({ askReason, remind, sign })}
    >
      <Card title="供应商合同台账" size="small" style={{ marginTop: 16 }} data-testid="supplier-base">
        <Table<SupplierBaseRow>
          size="small"
          rowKey={(r) => `${r.supplierId}:${r.instituteId}`}
          loading={base.isLoading}
          dataSource={base.data?.records ?? []}
          pagination={false}
          scroll={{ x: 1000 }}
          columns={[
            { title: '供应商', dataIndex: 'supplierName', width: 200 },
            { title: '研究所', dataIndex: 'instituteName', width: 190 },
            { title: '当前合同', dataIndex: 'contractNo', width: 170 },
            { title: '到期日', dataIndex: 'endDate', width: 110 },
            { title: '可供货', key: 'active', width: 80, render: (_, r) => (r.active ? <Tag color="success">是</Tag> : <Tag>否</Tag>) },
            { ...contractColumns.phase<SupplierBaseRow>(), width: 140 },
            { title: '待签署', dataIndex: 'pendingCount', width: 70 },
            {
              title: '续签状态',
              key: 'renew',
              width: 150,
              render: (_, r) => (
                <Select
                  size="small"
                  style={{ width: 120 }}
                  value={r.renewStatus}
                  options={RENEW_OPTIONS}
                  disabled={!r.active}
                  onChange={async (v: number) => {
                    await setRenewStatus(r.contractId, v);
                    feedback.success('续签状态已修改');
                    await refresh();
                  }}
                />
              ),
            },
          ]}
        />
      </Card>
      <ReasonModal request={asking} onClose={() => setAsking(null)} />
    </ListPage>
  );
}
