import { Button, Space } from 'antd';
import { Can } from '../../../../components/page-flags.tsx';
import { finance, type StatementDetail, supplierMoves } from '../api/settlement-api.ts';
import type { StatementModel } from './use-statement.ts';

type Props = { s: StatementDetail; model: StatementModel };

/** Finance's moves on the statement, as its state allows: send, cancel, resend, approve, record a payment, close. */
export function FinanceActions({ s, model: m }: Props) {
  const move = (to: Parameters<typeof finance.move>[0], done: string) => () => void m.act(() => finance.move(to, s.id), done).catch(() => undefined);
  return (
    <Can flag="modify">
      <Space wrap>
        {s.status === 'draft' && (
          <>
            <Button type="primary" onClick={move('send', '已发送供应商')} data-testid="statement-send">
              发送供应商
            </Button>
            <Button danger onClick={move('cancel', '已作废')}>
              作废
            </Button>
          </>
        )}
        {s.status === 'disputed' && (
          <Button type="primary" onClick={move('resend', '已重新发送')} data-testid="statement-resend">
            重新发送
          </Button>
        )}
        {s.status === 'supplier_confirmed' && (
          <Button type="primary" onClick={move('approve', '已审核')} data-testid="statement-approve">
            审核通过
          </Button>
        )}
        {(s.status === 'finance_approved' || s.status === 'partially_paid') && (
          <Button type="primary" onClick={() => m.setPaying(true)} data-testid="statement-pay-open">
            登记付款
          </Button>
        )}
        {s.status === 'paid' && <Button onClick={move('close', '已关闭')}>关闭</Button>}
      </Space>
    </Can>
  );
}

/** The supplier's answer to a sent statement (shown only then): confirm it, or dispute the chosen lines. */
export function SupplierActions({ s, model: m }: Props) {
  const dispute = () =>
    m.setReason({
      title: `对 ${m.chosen.length} 行提出异议`,
      label: '异议原因（财务可见）',
      okText: '提交异议',
      onSubmit: (r) =>
        m.act(
          () =>
            supplierMoves.dispute(
              s.id,
              m.chosen.map((lineId) => ({ lineId, reason: r })),
            ),
          '异议已提交',
        ),
    });
  return (
    <Space wrap>
      <Button type="primary" onClick={() => void m.act(() => supplierMoves.confirm(s.id), '已确认').catch(() => undefined)} data-testid="statement-confirm">
        确认无误
      </Button>
      <Button danger disabled={m.chosen.length === 0} onClick={dispute} data-testid="statement-dispute">
        对所选行提出异议{m.chosen.length ? `（${m.chosen.length}）` : ''}
      </Button>
    </Space>
  );
}
