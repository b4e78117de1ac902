import type { TableColumnsType } from 'antd';
import { Button } from 'antd';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { StatementVO } from '../api/settlement-api.ts';
import { STATEMENT_TAGS } from '../statement-status.ts';

/** The columns of a statement list; the number opens the detail drawer. */
export function statementColumns(open: (id: number) => void, o: { institute?: boolean; supplier?: boolean }): TableColumnsType<StatementVO> {
  return [
    {
      title: '对账单号',
      key: 'no',
      width: 160,
      render: (_, s) => (
        <Button type="link" size="small" onClick={() => open(s.id)} data-testid="statement-open">
          {s.statementNo}
        </Button>
      ),
    },
    { title: '月份', dataIndex: 'month', width: 80 },
    ...(o.institute ? [{ title: '采购单位', dataIndex: 'instituteName', ellipsis: true }] : []),
    ...(o.supplier ? [{ title: '供应商', dataIndex: 'supplierName', ellipsis: true }] : []),
    { title: '状态', key: 'st', width: 100, render: (_, s) => <StatusTag value={s.status} table={STATEMENT_TAGS} /> },
    { title: '行数', dataIndex: 'lineCount', width: 60, align: 'right' },
    { title: '异议', dataIndex: 'disputedCount', width: 60, align: 'right' },
    { title: '应付金额', key: 'net', width: 120, align: 'right', render: (_, s) => <MoneyCell fen={s.netAmount} strong /> },
    { title: '已付', key: 'paid', width: 110, align: 'right', render: (_, s) => <MoneyCell fen={s.paidAmount} /> },
    { title: '未付', key: 'open', width: 110, align: 'right', render: (_, s) => <MoneyCell fen={s.openAmount} /> },
    { title: '更新时间', key: 'u', width: 150, render: (_, s) => shanghaiTime(s.updatedAt) },
  ];
}
