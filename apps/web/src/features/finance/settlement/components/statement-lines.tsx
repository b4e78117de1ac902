import { COMPLAINT_HOLD_TEXT, DISPUTE_TEXT, LINE_KIND_TEXT } from '@kc/contracts/finance/settlement';
import { Button, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { Can } from '../../../../components/page-flags.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { shanghaiTime } from '../../../../lib/format.ts';
import { finance, type StatementDetail } from '../api/settlement-api.ts';
import { PAY_TAGS } from '../statement-status.ts';
import type { Line, StatementModel } from './use-statement.ts';

type Props = { s: StatementDetail; isFinance: boolean; model: StatementModel };

/** The statement's lines, one page at a time; the supplier chooses the ones to dispute, finance corrects or removes disputed ones. */
export function StatementLines({ s, isFinance, model: m }: Props) {
  return (
    <Table<Line>
      size="small"
      rowKey="id"
      dataSource={s.lines.records}
      scroll={{ x: 1100 }}
      rowSelection={!isFinance && s.status === 'sent' ? { selectedRowKeys: m.chosen, onChange: (k) => m.setChosen(k.map(Number)) } : undefined}
      pagination={m.pagination}
      columns={[...LINE_COLUMNS, ...(isFinance && s.status === 'disputed' ? [fixColumn(s, m)] : [])]}
    />
  );
}

const subCell = (l: Line) => (
  <>
    {l.subNo}
    {l.onHold && (
      <Tag color="red" data-testid="line-on-hold" style={{ marginInlineStart: 4 }} title="投诉办结前暂停结算付款">
        {COMPLAINT_HOLD_TEXT}
      </Tag>
    )}
  </>
);

const disputeCell = (l: Line) =>
  l.dispute === 'none' ? (
    ''
  ) : (
    <Typography.Text type={l.dispute === 'disputed' ? 'danger' : 'secondary'}>
      {DISPUTE_TEXT[l.dispute]}：{l.disputeReason}
      {l.correctionNote ? `（${l.correctionNote}）` : ''}
    </Typography.Text>
  );

const LINE_COLUMNS: TableColumnsType<Line> = [
  { title: '子订单号', key: 'sub', width: 190, render: (_, l) => subCell(l) },
  {
    title: '类型',
    key: 'k',
    width: 60,
    render: (_, l) => (l.refundNo ? <span title={`售后申请 ${l.refundNo}`}>{LINE_KIND_TEXT[l.kind]}</span> : LINE_KIND_TEXT[l.kind]),
  },
  { title: '完成时间', key: 'd', width: 150, render: (_, l) => shanghaiTime(l.doneAt) },
  { title: '订单金额', key: 'o', width: 100, align: 'right', render: (_, l) => <MoneyCell fen={l.ordered} /> },
  { title: '验收金额', key: 'a', width: 100, align: 'right', render: (_, l) => <MoneyCell fen={l.accepted} /> },
  { title: '已开票', key: 'i', width: 100, align: 'right', render: (_, l) => <MoneyCell fen={l.invoiced} /> },
  { title: '已报销', key: 'c', width: 100, align: 'right', render: (_, l) => <MoneyCell fen={l.claimed} /> },
  { title: '已付款', key: 'p', width: 100, align: 'right', render: (_, l) => <MoneyCell fen={l.paid} /> },
  { title: '对账金额', key: 'm', width: 100, align: 'right', render: (_, l) => <MoneyCell fen={l.amount} strong /> },
  { title: '付款', key: 'ps', width: 90, render: (_, l) => <StatusTag value={l.payStatus} table={PAY_TAGS} /> },
  { title: '异议', key: 'x', width: 200, render: (_, l) => disputeCell(l) },
];

/** 处理: finance corrects a disputed line's amount or removes it. */
const fixColumn = (s: StatementDetail, m: StatementModel) => ({
  title: '处理',
  key: 'fix',
  width: 120,
  fixed: 'right' as const,
  render: (_: unknown, l: Line) =>
    l.dispute === 'disputed' && (
      <Can flag="modify">
        <Space size={4}>
          <Button type="link" size="small" onClick={() => m.setFix(l)} data-testid="statement-line-correct">
            更正
          </Button>
          <Button
            type="link"
            size="small"
            danger
            data-testid="statement-line-remove"
            onClick={() =>
              m.setReason({
                title: `移除 ${l.subNo}`,
                label: '移除说明（供应商可见）',
                okText: '移除',
                danger: true,
                onSubmit: (r) => m.act(() => finance.remove(s.id, l.id, r), '已移除'),
              })
            }
          >
            移除
          </Button>
        </Space>
      </Can>
    ),
});
