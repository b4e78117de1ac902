import { CARD_STATUS_TEXT } from '@kc/contracts/ledgers/budget';
import { BUILTIN_ROLE } from '@kc/contracts/platform/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { budgetKeys } from '../api/budget-query-keys.ts';
import { addGrantCard, type GrantCardDetail, type GrantCardVO, getGrantCard, getGrantCards, updateGrantCard } from '../api/grant-cards-api.ts';
import { BudgetLinesTable } from '../components/budget-lines-table.tsx';
import { CarryForwardModal } from '../components/carry-forward-modal.tsx';
import { grantCardColumns } from '../components/grant-card-columns.tsx';
import { GrantCardFormModal } from '../components/grant-card-form.tsx';
import { LedgerDrawer } from '../components/ledger-drawer.tsx';

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

/**
 * /cass/budget/grantCards (经费卡): the PI's own cards, or every card of the institute for its
 * finance; balance, frozen and drawn per card and (expanded) per budget line, create and edit, and
 * the ledger with its export.
 */
export function GrantCardsPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const flags = usePageFlags(entry);
  const list = useListPage<GrantCardVO>({ queryKey: budgetKeys.all, fields: FIELDS, request: getGrantCards, flags });
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
    await client.invalidateQueries({ queryKey: budgetKeys.all });
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
      columns={grantCardColumns({ finance, openEdit, setCarrying, setLedger })}
    >
      <GrantCardFormModal open={editing !== null} editing={editing === 'new' ? null : editing} onCancel={() => setEditing(null)} onSave={save} />
      <LedgerDrawer card={ledger} canExport={flags.export} onClose={() => setLedger(null)} />
      <CarryForwardModal from={carrying} onClose={() => setCarrying(null)} onDone={() => client.invalidateQueries({ queryKey: budgetKeys.all })} />
    </ListPage>
  );
}
