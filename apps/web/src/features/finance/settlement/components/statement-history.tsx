import { Table, Timeline, Typography } from 'antd';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { StatementDetail } from '../api/settlement-api.ts';

/** 付款记录 (when there are any) and 操作记录. */
export function StatementHistory({ s }: { s: StatementDetail }) {
  return (
    <>
      {s.payments.length > 0 && (
        <Table
          size="small"
          rowKey="paymentId"
          pagination={false}
          title={() => '付款记录'}
          dataSource={s.payments}
          columns={[
            { title: '付款单号', dataIndex: 'paymentNo' },
            { title: '银行流水号', dataIndex: 'bankRef' },
            { title: '付款日期', dataIndex: 'paidOn' },
            { title: '来源', key: 'src', render: (_, p) => (p.source === 'api' ? '财务系统' : '平台登记') },
            { title: '金额', key: 'a', align: 'right', render: (_, p) => <MoneyCell fen={p.amount} /> },
          ]}
        />
      )}
      <Typography.Title level={5}>操作记录</Typography.Title>
      <Timeline
        items={s.log.map((l) => ({
          children: (
            <span>
              {shanghaiTime(l.createdAt)} {l.actorName} {l.actionText}
              {l.reason ? `：${l.reason}` : ''}
            </span>
          ),
        }))}
      />
    </>
  );
}
