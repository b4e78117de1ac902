import { Descriptions, Typography } from 'antd';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import type { StatementDetail } from '../api/settlement-api.ts';
import { STATEMENT_TAGS } from '../statement-status.ts';

const yuanText = (fen: number) => (fen / 100).toFixed(2);

/** The statement's head: state, month, parties, totals with 人民币大写, deductions, what is paid and carried on. */
export function StatementSummary({ s }: { s: StatementDetail }) {
  return (
    <Descriptions size="small" bordered column={2}>
      <Descriptions.Item label="状态">
        <StatusTag value={s.status} table={STATEMENT_TAGS} testId="statement-status" />
      </Descriptions.Item>
      <Descriptions.Item label="月份">{s.month}</Descriptions.Item>
      <Descriptions.Item label="采购单位">{s.instituteName}</Descriptions.Item>
      <Descriptions.Item label="供应商">{s.supplierName}</Descriptions.Item>
      <Descriptions.Item label="对账金额">
        <MoneyCell fen={s.grossAmount} /> <Typography.Text type="secondary">{s.grossUppercase}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="扣款">{s.deductions.length ? s.deductions.map((d) => `${d.name} ¥${yuanText(d.amount)}`).join('；') : '—'}</Descriptions.Item>
      <Descriptions.Item label="应付金额">
        <MoneyCell fen={s.netAmount} strong testId="statement-net" /> <Typography.Text type="secondary">{s.netUppercase}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="已付 / 未付">
        <MoneyCell fen={s.paidAmount} /> / <MoneyCell fen={s.openAmount} />
      </Descriptions.Item>
      {s.credit && (
        <Descriptions.Item label="结转下期" span={2}>
          <span data-testid="statement-credit">
            供应商应退 <MoneyCell fen={s.credit.amount} />
            ，已在后续对账单中抵扣 <MoneyCell fen={s.credit.carried} />
            {s.credit.carriedTo.length > 0 && `（${s.credit.carriedTo.map((c) => `${c.statementNo} ¥${yuanText(c.amount)}`).join('；')}）`}
            ，待抵扣 <MoneyCell fen={s.credit.left} />
          </span>
        </Descriptions.Item>
      )}
      {s.lastReason && (
        <Descriptions.Item label="最近说明" span={2}>
          <Typography.Text type="danger">{s.lastReason}</Typography.Text>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
