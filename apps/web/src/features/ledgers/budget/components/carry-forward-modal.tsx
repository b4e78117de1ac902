import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../../lib/feedback.ts';
import { money } from '../../../../lib/format.ts';
import { budgetKeys } from '../api/budget-query-keys.ts';
import { carryForward, type GrantCardVO, getGrantCards } from '../api/grant-cards-api.ts';

/**
 * 年末结转 (the institute's finance): the card's open freezes move to another active card of the
 * institute (the project's card for the new period) as paired ledger entries; the unfinished
 * orders then charge that card.
 */
export function CarryForwardModal({ from, onClose, onDone }: { from: GrantCardVO | null; onClose: () => void; onDone: () => Promise<unknown> }) {
  const [toId, setToId] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const cards = useQuery({
    queryKey: budgetKeys.carryTargets,
    queryFn: () => getGrantCards({ current: 1, size: 200, status: 'active' }),
    enabled: from !== null,
  });
  const targets = (cards.data?.records ?? []).filter((c) => c.id !== from?.id);
  const run = async () => {
    if (!from || toId === undefined) return;
    setBusy(true);
    try {
      const r = await carryForward(from.id, toId);
      feedback.success(r.subOrders ? `已结转 ${r.orders} 个订单的冻结 ${money(r.amount)}` : '没有需要结转的冻结');
      setToId(undefined);
      onClose();
      await onDone();
    } catch {
      // shown by the error catalogue
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={from !== null}
      title={from ? `年末结转 ${from.cardNo}` : ''}
      okText="结转"
      okButtonProps={{ disabled: toId === undefined, loading: busy }}
      onOk={() => void run()}
      onCancel={onClose}
      destroyOnHidden
    >
      {from && (
        <Form layout="vertical">
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={`当前冻结 ${money(from.frozen)}`}
            description="未完成订单的冻结金额成对记账转到新卡（原卡减、新卡加），之后这些订单的释放与支出都记在新卡上。"
          />
          <Form.Item label="结转到" required>
            <Select
              data-testid="carry-target"
              placeholder="选择本所另一张有效的经费卡"
              value={toId}
              onChange={setToId}
              loading={cards.isLoading}
              options={targets.map((c) => ({ value: c.id, label: `${c.cardNo} ${c.title}（可用 ${money(c.available)}）` }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
