import { CARD_STATUS_TEXT, type CardStatus } from '@kc/contracts/ledgers/budget';
import { BUILTIN_ROLE } from '@kc/contracts/platform/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { addGrantCard, type GrantCardDetail, type GrantCardVO, getGrantCard, getGrantCards, updateGrantCard } from '../api/grant-cards-api.ts';
import { BudgetLinesTable } from '../components/budget-lines-table.tsx';
import { CarryForwardModal } from '../components/carry-forward-modal.tsx';
import { GrantCardFormModal } from '../components/grant-card-form.tsx';
import { LedgerDrawer } from '../components/ledger-drawer.tsx';

const QUERY_KEY = ['grantCards'];
const FIELDS: ListField[] = [
  { kind: 'text', name: 'cardNo', label: '经费卡号', width: 160 },
  { kind: 'text', name: 'title', label: '课题名称', width: 220 },
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    options: Object.entries(CARD_STATUS_TEXT).map(([value, label]) => ({ value, label })),
  },
];
const STATUS_COLOR: Record<CardStatus, string> = { active: 'green', invalid: 'default', frozen: 'orange' };

/**
 * /cass/budget/grantCards (经费卡): the PI's own cards, or every card of the institute for its
 * finance; balance, frozen and drawn per card and (expanded) per budget line, create and edit, and
 * the ledger with its export.
 */
export function GrantCardsPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const flags = usePageFlags(entry);
  const list = useListPage<GrantCardVO>({ queryKey: QUERY_KEY, fields: FIELDS, request: getGrantCards, flags });
  const [editing, setEditing] = useState<GrantCardDetail | 'new' | null>(null);
  const [ledger, setLedger] = useState<GrantCardVO | null>(null);
  const [carrying, setCarrying] = useState<GrantCardVO | null>(null);
  // 年末结转 is the institute finance's (the server checks it again)
  const { data: info } = useUserAllInfo();
  const finance = info?.user.roles.some((r) => r.code === BUILTIN_ROLE.FINANCE) ?? false;

  const openEdit = async (row: GrantCardVO) => setEditing(await getGrantCard(row.id));
  const save = async (card: Parameters<typeof addGrantCard>[0]) => {
    if (editing === 'new') await addGrantCard(card);
    else if (editing) await updateGrantCard(editing.id, card);
    feedback.success('经费卡已保存');
    setEditing(null);
    await client.invalidateQueries({ queryKey: QUERY_KEY });
  };

  return (
    <ListPage<GrantCardVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="grant-card-search"
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => setEditing('new')} data-testid="grant-card-add">
            新增经费卡
          </Button>
        </Can>
      }
      emptyText="还没有经费卡：新增后，课题组成员下单时可选择该卡，终审通过时冻结订单金额"
      // every figure in view at the page's 1200 px: a PI reads the balance, not a scroll bar
      // each card's budget lines (总额, 冻结, 已支出, 可用余额) in its expanded row
      table={{ size: 'middle', expandable: { expandedRowRender: (r) => <BudgetLinesTable cardId={r.id} emptyText="该卡未设预算科目" /> } }}
      columns={[
        { title: '经费卡号', dataIndex: 'cardNo', width: 110 },
        {
          title: '课题名称',
          key: 'title',
          render: (_, r) => (
            <Flex vertical>
              <span>{r.title}</span>
              <Typography.Text type="secondary">
                负责人 {r.piName ?? '—'}
                {r.deptName ? ` · ${r.deptName}` : ''}
                {r.source === 'api' ? ' · 财务系统同步' : ''}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          title: '有效期',
          key: 'valid',
          width: 110,
          render: (_, r) => (
            <Flex vertical>
              <span>{r.validFrom}</span>
              <Typography.Text type="secondary">至 {r.validTo}</Typography.Text>
            </Flex>
          ),
        },
        {
          title: '状态',
          key: 'status',
          width: 100,
          render: (_, r) => (
            <Flex gap={4} vertical align="start">
              <Tag color={STATUS_COLOR[r.status]}>{CARD_STATUS_TEXT[r.status]}</Tag>
              {r.policy === 'warn' && <Tag>超支提醒</Tag>}
            </Flex>
          ),
        },
        { title: '总额', key: 'total', width: 125, align: 'right', render: (_, r) => <MoneyCell fen={r.total} /> },
        { title: '冻结', key: 'frozen', width: 115, align: 'right', render: (_, r) => <MoneyCell fen={r.frozen} /> },
        { title: '已支出', key: 'drawn', width: 115, align: 'right', render: (_, r) => <MoneyCell fen={r.drawn} /> },
        { title: '可用余额', key: 'available', width: 125, align: 'right', render: (_, r) => <MoneyCell fen={r.available} strong /> },
        {
          title: '操作',
          key: 'actions',
          width: 140,
          render: (_, r) => (
            <Flex gap={4}>
              <Button type="link" size="small" onClick={() => setLedger(r)} data-testid={`grant-card-ledger-${r.cardNo}`}>
                台账
              </Button>
              <Can flag="modify">
                <Button type="link" size="small" onClick={() => void openEdit(r).catch(() => undefined)}>
                  修改
                </Button>
                {finance && r.frozen > 0 && (
                  <Button type="link" size="small" onClick={() => setCarrying(r)}>
                    结转
                  </Button>
                )}
              </Can>
            </Flex>
          ),
        },
      ]}
    >
      <GrantCardFormModal open={editing !== null} editing={editing === 'new' ? null : editing} onCancel={() => setEditing(null)} onSave={save} />
      <LedgerDrawer card={ledger} canExport={flags.export} onClose={() => setLedger(null)} />
      <CarryForwardModal from={carrying} onClose={() => setCarrying(null)} onDone={() => client.invalidateQueries({ queryKey: QUERY_KEY })} />
    </ListPage>
  );
}
