import { COMPLAINT_HOLD_TEXT } from '@kc/contracts/finance/settlement';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage, usePagedQuery } from '../../../../components/list-page/index.ts';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { type CheckRuleVO, getOwed, getSettled, getSettledData, type Payment, rules } from '../api/settlement-api.ts';
import { settlementKeys } from '../api/settlement-query-keys.ts';
import { CheckRuleEditor } from '../components/check-rule-editor.tsx';

const FIELDS: ListField[] = [{ kind: 'dateRange', name: 'date', label: '付款日期' }];

/** 应付供应商 (adminCheckSupplierMoney): approved, unpaid statement amounts per supplier and institute. */
function OwedCard() {
  const q = useQuery({ queryKey: settlementKeys.owed, queryFn: () => getOwed() });
  return (
    <Table
      size="small"
      rowKey={(r) => `${r.supplierId}-${r.instituteId}`}
      loading={q.isLoading}
      dataSource={q.data ?? []}
      pagination={false}
      locale={{ emptyText: '没有待付款的对账单' }}
      columns={[
        { title: '供应商', dataIndex: 'supplierName' },
        { title: '采购单位', dataIndex: 'instituteName' },
        { title: '对账单数', dataIndex: 'statementCount', align: 'right', width: 90 },
        { title: '应付', key: 'n', align: 'right', render: (_, r) => <MoneyCell fen={r.netAmount} /> },
        { title: '已付', key: 'p', align: 'right', render: (_, r) => <MoneyCell fen={r.paidAmount} /> },
        {
          title: '尚欠',
          key: 'o',
          align: 'right',
          render: (_, r) => (
            <>
              <MoneyCell fen={r.owedAmount} strong />
              <div>
                <Typography.Text type="secondary">{r.owedUppercase}</Typography.Text>
              </div>
            </>
          ),
        },
        {
          title: COMPLAINT_HOLD_TEXT,
          key: 'h',
          align: 'right',
          render: (_, r) =>
            r.heldAmount > 0 ? (
              <span title="投诉办结前暂停付款，不计入尚欠">
                <MoneyCell fen={r.heldAmount} />
              </span>
            ) : (
              ''
            ),
        },
      ]}
    />
  );
}

/** 已结算汇总 (adminHasCheckMoney). */
function SettledCard() {
  const { query: q, pagination } = usePagedQuery({ queryKey: settlementKeys.settled, queryFn: (page) => getSettled({ ...page }) });
  return (
    <Table
      size="small"
      rowKey={(r) => `${r.supplierId}-${r.instituteId}`}
      loading={q.isLoading}
      dataSource={q.data?.records ?? []}
      pagination={pagination}
      columns={[
        { title: '供应商', dataIndex: 'supplierName' },
        { title: '采购单位', dataIndex: 'instituteName' },
        { title: '付款笔数', dataIndex: 'paymentCount', align: 'right', width: 90 },
        { title: '已付金额', key: 'p', align: 'right', render: (_, r) => <MoneyCell fen={r.paidAmount} strong /> },
        { title: '最近付款', dataIndex: 'lastPaidOn', width: 120 },
      ]}
    />
  );
}

/** 结算规则 (checkRule) of every institute. */
function RulesCard() {
  const q = useQuery({ queryKey: settlementKeys.rules, queryFn: rules.list });
  const [editing, setEditing] = useState<CheckRuleVO | null>(null);
  return (
    <>
      <Table
        size="small"
        rowKey="instituteId"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        columns={[
          { title: '单位', dataIndex: 'instituteName' },
          { title: '截止日', key: 'c', width: 90, render: (_, r) => (r.cutoffDay === 0 ? '月末' : `${r.cutoffDay} 日`) },
          { title: '计入状态', key: 's', render: (_, r) => r.countStates.map((x) => (x === 'completed' ? '已验收' : '已退货')).join('、') },
          {
            title: '扣款',
            key: 'd',
            render: (_, r) =>
              r.deductions.map((d) => `${d.name} ${d.kind === 'percent' ? `${(d.value / 100).toFixed(2)}%` : `¥${(d.value / 100).toFixed(2)}`}`).join('；') ||
              '—',
          },
          { title: '状态', key: 'saved', width: 80, render: (_, r) => (r.saved ? '已设置' : '默认') },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_, r) => (
              <Can flag="modify">
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  设置
                </Button>
              </Can>
            ),
          },
        ]}
      />
      <CheckRuleEditor rule={editing} onClose={() => setEditing(null)} />
    </>
  );
}

/**
 * /cass/settle/admin (结算管理, platform admin): what each supplier is owed, what has been settled
 * (summary and every payment with its statements), and each institute's settlement rule.
 */
export function SettleAdminPage({ entry, home }: MenuPageProps) {
  const list = useListPage<Payment>({ queryKey: settlementKeys.payments, fields: FIELDS, request: getSettledData, flags: usePageFlags(entry) });
  return (
    <ListPage<Payment>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="settle-admin-search"
      emptyText="暂无付款记录"
      table={{ scroll: { x: 1200 }, size: 'middle' }}
      columns={[
        { title: '付款单号', dataIndex: 'paymentNo', width: 170 },
        { title: '供应商', dataIndex: 'supplierName', ellipsis: true },
        { title: '采购单位', dataIndex: 'instituteName', ellipsis: true },
        { title: '银行流水号', dataIndex: 'bankRef', width: 180 },
        { title: '付款日期', dataIndex: 'paidOn', width: 110 },
        { title: '来源', key: 'src', width: 90, render: (_, p) => (p.source === 'api' ? '财务系统' : '平台登记') },
        { title: '对账单', key: 'st', render: (_, p) => p.statements.map((s) => s.statementNo).join('、') },
        { title: '金额', key: 'a', width: 120, align: 'right', render: (_, p) => <MoneyCell fen={p.amount} strong /> },
      ]}
    >
      <Card size="small" style={{ marginTop: 16 }}>
        <Tabs
          items={[
            { key: 'owed', label: '应付供应商', children: <OwedCard /> },
            { key: 'settled', label: '已结算汇总', children: <SettledCard /> },
            { key: 'rules', label: '结算规则', children: <RulesCard /> },
          ]}
        />
      </Card>
    </ListPage>
  );
}
