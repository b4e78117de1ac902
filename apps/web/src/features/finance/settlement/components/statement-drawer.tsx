import { Button, Drawer, Flex, Space } from 'antd';
import { ReasonModal } from '../../../../components/reason-modal.tsx';
import { openPdfInNewTab, saveFile } from '../../../../lib/file-download.ts';
import { type Side, type StatementDetail, statementExcel, statementPdf } from '../api/settlement-api.ts';
import { CorrectionModal } from './correction-modal.tsx';
import { PaymentModal } from './payment-modal.tsx';
import { FinanceActions, SupplierActions } from './statement-actions.tsx';
import { StatementHistory } from './statement-history.tsx';
import { StatementLines } from './statement-lines.tsx';
import { StatementSummary } from './statement-summary.tsx';
import { type StatementModel, useStatement } from './use-statement.ts';

/**
 * A statement's detail for finance or the supplier: totals with 人民币大写, deductions, the lines
 * (ordered, accepted, invoiced, claimed, paid), payments and the log; the moves the statement's
 * state allows for this side, and its PDF and Excel.
 */
export function StatementDrawer({ side, id, onClose }: { side: Side; id: number | null; onClose: () => void }) {
  const m = useStatement(side, id);
  const s = m.s;
  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={s ? `对账单 ${s.statementNo}` : '对账单'} data-testid="statement-detail">
      {s && <StatementBody side={side} s={s} model={m} />}
    </Drawer>
  );
}

function StatementBody({ side, s, model: m }: { side: Side; s: StatementDetail; model: StatementModel }) {
  const isFinance = side === 'mall';
  return (
    <Flex vertical gap={16}>
      <StatementSummary s={s} />
      <Space wrap>
        {isFinance ? <FinanceActions s={s} model={m} /> : s.status === 'sent' && <SupplierActions s={s} model={m} />}
        <Button onClick={() => void openPdfInNewTab(() => statementPdf(side, s.id)).catch(() => undefined)}>对账单 PDF</Button>
        <Button onClick={() => void statementExcel(side, s.id).then(saveFile, () => undefined)}>导出 Excel</Button>
      </Space>
      <StatementLines s={s} isFinance={isFinance} model={m} />
      <StatementHistory s={s} />
      <PaymentModal statement={m.paying ? s : null} onClose={() => m.setPaying(false)} onPaid={() => void m.refresh()} />
      <CorrectionModal s={s} model={m} />
      <ReasonModal request={m.reason} onClose={() => m.setReason(null)} />
    </Flex>
  );
}
