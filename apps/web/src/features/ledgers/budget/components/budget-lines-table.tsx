import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { budgetKeys } from '../api/budget-query-keys.ts';
import { type BudgetLineVO, getGrantCard } from '../api/grant-cards-api.ts';

/** 预算科目 of a card with each line's 总额, 冻结, 已支出 and 可用余额 (the cards page's expanded row and the ledger drawer). */
export function BudgetLinesTable({ cardId, emptyText }: { cardId: number; emptyText?: string }) {
  const detail = useQuery({ queryKey: budgetKeys.detail(cardId), queryFn: () => getGrantCard(cardId) });
  const lines = detail.data?.lines ?? [];
  if (detail.isSuccess && lines.length === 0) return emptyText ? <Typography.Text type="secondary">{emptyText}</Typography.Text> : null;
  return (
    <Table<BudgetLineVO>
      rowKey="id"
      size="small"
      pagination={false}
      loading={detail.isLoading}
      data-testid="budget-lines"
      dataSource={lines}
      columns={[
        { title: '预算科目', dataIndex: 'name' },
        { title: '总额', key: 'amount', align: 'right', render: (_, l) => <MoneyCell fen={l.amount} /> },
        { title: '冻结', key: 'frozen', align: 'right', render: (_, l) => <MoneyCell fen={l.frozen} /> },
        { title: '已支出', key: 'drawn', align: 'right', render: (_, l) => <MoneyCell fen={l.drawn} /> },
        { title: '可用余额', key: 'available', align: 'right', render: (_, l) => <MoneyCell fen={l.available} strong /> },
      ]}
    />
  );
}
