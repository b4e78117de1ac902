import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useMemo, useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { agreementKeys } from '../api/agreement-query-keys.ts';
import { type ContractVO, getContracts, getInstitutes, getReminders, updateContractStatus } from '../api/contracts-api.ts';
import { ContractFormModal } from '../components/contract-form-modal.tsx';
import { supplierContractColumns } from '../components/supplier-contract-columns.tsx';

// states by name: the client drops a 0 from the query, and 草稿 is state 0
const TABS = [
  { key: 'all', label: '全部' },
  { key: 'active', label: '生效中' },
  { key: 'pendingSign', label: '待签署' },
  { key: 'draft', label: '草稿' },
  { key: 'expired', label: '已到期' },
  { key: 'renewed', label: '已续签' },
  { key: 'terminated', label: '已终止' },
] as const;

/**
 * 合同管理 of a supplier: its contracts with each institute, found by institute, number or name;
 * new contracts are drafted and submitted for the platform's signature, active ones renewed before
 * their end (a new version linked to the original), printed with their QR code, and a terminated
 * one gives its 退出表. Only a contract in force lets the institute's buyers see and order the items.
 */
export function SupplierContractsPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const institutes = useQuery({ queryKey: agreementKeys.supplierInstitutes, queryFn: getInstitutes });
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
  const list = useListPage<ContractVO>({ queryKey: agreementKeys.supplier, fields, tabs: TABS, request: getContracts, flags: usePageFlags(entry) });
  const reminders = useQuery({ queryKey: agreementKeys.reminders, queryFn: getReminders });
  const [adding, setAdding] = useState(false);
  const [renewing, setRenewing] = useState<ContractVO | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: agreementKeys.supplier });
  const move = (c: ContractVO, action: 'submit' | 'withdraw') =>
    feedback.modal().confirm({
      title: action === 'submit' ? `提交合同 ${c.contractNo} 给平台签署？` : `撤回合同 ${c.contractNo}？`,
      content: action === 'submit' ? '提交后不能修改，平台签署后即生效。' : '撤回后合同回到草稿。',
      okText: action === 'submit' ? '提交' : '撤回',
      cancelText: '取消',
      onOk: async () => {
        await updateContractStatus(c.id, action);
        feedback.success(action === 'submit' ? '已提交，等待平台签署' : '已撤回');
        await refresh();
      },
    });
  const canRenew = (c: ContractVO) => (c.status === 1 || c.status === 4) && c.renewStatus !== 2 && c.renewStatus !== 3;

  return (
    <ListPage<ContractVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="supplier-contract-search"
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => setAdding(true)} data-testid="contract-add">
            新增合同
          </Button>
        </Can>
      }
      searchExtra={
        reminders.data?.length ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={`${reminders.data.length} 份合同将在 30 天内到期，请及时续签；到期后该研究所的采购人将看不到您的商品。`}
            description={reminders.data
              .map((r) => `${r.instituteName}：${r.contractNo}，${r.endDate} 到期（剩 ${r.daysLeft} 天，${r.renewStatusName}）`)
              .join('；')}
            data-testid="contract-expiring-alert"
          />
        ) : null
      }
      emptyText="暂无合同"
      table={{ scroll: { x: 1200 }, size: 'middle' }}
      columns={supplierContractColumns({ canRenew, move, setRenewing })}
    >
      <ContractFormModal
        open={adding || renewing !== null}
        renewing={renewing}
        onClose={() => {
          setAdding(false);
          setRenewing(null);
        }}
        onDone={() => {
          setAdding(false);
          setRenewing(null);
          void refresh();
        }}
      />
    </ListPage>
  );
}
