import { InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { finance, type StatementDetail } from '../api/settlement-api.ts';
import type { Line, StatementModel } from './use-statement.ts';

/** 更正: the disputed line's new amount (at most what was ordered), then its note in the reason dialog. */
export function CorrectionModal({ s, model: m }: { s: StatementDetail; model: StatementModel }) {
  const fix = m.fix;
  const [amount, setAmount] = useState<number | null>(null);
  // a line chosen for correction starts from its amount (set while rendering, as React advises)
  const [of, setOf] = useState<Line | null>(null);
  if (of !== fix) {
    setOf(fix);
    if (fix) setAmount(fix.amount / 100);
  }
  const next = () => {
    if (!fix || amount === null) return;
    const fen = Math.round(amount * 100);
    m.setFix(null);
    m.setReason({
      title: `更正 ${fix.subNo} 为 ¥${amount.toFixed(2)}`,
      label: '更正说明（供应商可见）',
      okText: '更正',
      onSubmit: (r) => m.act(() => finance.correct(s.id, fix.id, fen, r), '已更正'),
    });
  };
  return (
    <Modal open={fix !== null} title={fix ? `更正 ${fix.subNo} 的对账金额` : ''} okText="下一步：填写说明" onCancel={() => m.setFix(null)} onOk={next}>
      <InputNumber min={0} max={fix ? fix.ordered / 100 : 0} precision={2} value={amount} onChange={(v) => setAmount(v)} suffix="元" />
    </Modal>
  );
}
