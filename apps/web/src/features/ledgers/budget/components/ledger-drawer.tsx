import { ENTRY_KIND_TEXT } from '@kc/contracts/ledgers/budget';
import { Button, Descriptions, Drawer, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ClaimDetailSlot } from '../../../../components/feature-slots.tsx';
import { usePagedQuery } from '../../../../components/list-page/index.ts';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { saveFile } from '../../../../lib/file-download.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import { orderDetailPath } from '../../../../lib/order-paths.ts';
import { budgetKeys } from '../api/budget-query-keys.ts';
import { exportLedger, type GrantCardVO, getLedger, type LedgerEntryVO } from '../api/grant-cards-api.ts';
import { BudgetLinesTable } from './budget-lines-table.tsx';

const KIND_COLOR: Record<LedgerEntryVO['kind'], string> = {
  check: 'default',
  freeze: 'blue',
  adjust: 'purple',
  release: 'green',
  draw: 'orange',
  reverse: 'red',
  carry: 'cyan',
};

/**
 * 经费卡台账: the card's figures, each budget line's (总额, 冻结, 已支出, 可用余额), and its ledger
 * newest first, each row with its line and linked to its order and claim; 导出 writes the whole
 * ledger to Excel (when the page grants export).
 */
export function LedgerDrawer({ card, canExport, onClose }: { card: GrantCardVO | null; canExport: boolean; onClose: () => void }) {
  const [claimId, setClaimId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const { query: q, pagination } = usePagedQuery({
    queryKey: budgetKeys.ledger(card?.id),
    queryFn: (page) => getLedger(card?.id as number, page.current, page.size),
    enabled: card !== null,
    size: 20,
    showTotal: (n) => `共 ${n} 条`,
  });
  return (
    <Drawer
      open={card !== null}
      onClose={onClose}
      size="large"
      title={card ? `经费卡台账 ${card.cardNo}` : ''}
      destroyOnHidden
      extra={
        card && canExport ? (
          <Button
            loading={busy}
            data-testid="ledger-export"
            onClick={async () => {
              setBusy(true);
              await exportLedger(card.id, card.cardNo)
                .then(saveFile)
                .catch(() => undefined);
              setBusy(false);
            }}
          >
            导出台账
          </Button>
        ) : null
      }
    >
      {card && (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={4}
            items={[
              { key: 'title', label: '课题名称', span: 4, children: card.title },
              { key: 'total', label: '总额', children: <MoneyCell fen={card.total} testId="ledger-total" /> },
              { key: 'frozen', label: '冻结', children: <MoneyCell fen={card.frozen} testId="ledger-frozen" /> },
              { key: 'drawn', label: '已支出', children: <MoneyCell fen={card.drawn} testId="ledger-drawn" /> },
              { key: 'available', label: '可用余额', children: <MoneyCell fen={card.available} strong testId="ledger-available" /> },
            ]}
          />
          <BudgetLinesTable cardId={card.id} />
          <Table<LedgerEntryVO>
            rowKey="id"
            size="small"
            loading={q.isLoading}
            dataSource={q.data?.records ?? []}
            data-testid="ledger-table"
            pagination={pagination}
            columns={[
              { title: '时间', key: 'at', width: 160, render: (_, e) => shanghaiTime(e.createdAt, true) },
              { title: '类型', key: 'kind', width: 90, render: (_, e) => <Tag color={KIND_COLOR[e.kind]}>{ENTRY_KIND_TEXT[e.kind]}</Tag> },
              { title: '金额', key: 'amount', width: 120, align: 'right', render: (_, e) => <MoneyCell fen={e.amount} /> },
              { title: '预算科目', key: 'line', width: 110, render: (_, e) => e.lineName ?? '—' },
              {
                title: '单据',
                key: 'doc',
                render: (_, e) => (
                  <Flex vertical>
                    {e.orderId && e.orderNo && <Link to={orderDetailPath(e.orderId)}>{e.subNo ?? e.orderNo}</Link>}
                    {e.claimId && e.claimNo && <Typography.Link onClick={() => setClaimId(e.claimId)}>报销单 {e.claimNo}</Typography.Link>}
                    {e.ref && <Typography.Text type="secondary">{e.ref}</Typography.Text>}
                  </Flex>
                ),
              },
              { title: '经办人', key: 'actor', width: 100, render: (_, e) => e.actorName ?? '系统' },
              { title: '说明', key: 'reason', render: (_, e) => e.reason ?? '' },
            ]}
          />
        </Flex>
      )}
      <ClaimDetailSlot id={claimId} onClose={() => setClaimId(null)} />
    </Drawer>
  );
}
