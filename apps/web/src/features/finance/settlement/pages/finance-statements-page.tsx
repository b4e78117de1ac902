import { Button } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { getStatements, type StatementVO } from '../api/settlement-api.ts';
import { settlementKeys } from '../api/settlement-query-keys.ts';
import { GenerateModal } from '../components/generate-modal.tsx';
import { statementColumns } from '../components/statement-columns.tsx';
import { StatementDrawer } from '../components/statement-drawer.tsx';
import { STATEMENT_TABS } from '../statement-status.ts';

const FIELDS: ListField[] = [
  { kind: 'text', name: 'statementNo', label: '对账单号', width: 180 },
  { kind: 'text', name: 'month', label: '月份', placeholder: 'YYYY-MM', width: 120, maxLength: 7 },
];

/**
 * /cass/settle/statements (对账结算, institute finance; the platform admin sees every institute):
 * generate a supplier's statement for a month, follow it by state, and in its drawer send, handle
 * disputed lines, approve, record payments and download the PDF or Excel.
 */
export function FinanceStatementsPage({ entry, home }: MenuPageProps) {
  const info = useUserAllInfo();
  const admin = info.data?.user.accountType === 0;
  const list = useListPage<StatementVO>({
    queryKey: settlementKeys.statements,
    fields: FIELDS,
    tabs: STATEMENT_TABS,
    request: getStatements('mall'),
    flags: usePageFlags(entry),
  });
  const [open, setOpen] = useState<number | null>(null);
  const [generating, setGenerating] = useState(false);
  return (
    <ListPage<StatementVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="statements-search"
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => setGenerating(true)} data-testid="statement-generate-open">
            生成对账单
          </Button>
        </Can>
      }
      emptyText="暂无对账单"
      table={{ size: 'middle' }}
      columns={statementColumns(setOpen, { supplier: true, institute: admin })}
    >
      <GenerateModal open={generating} admin={admin} onClose={() => setGenerating(false)} onDone={(id) => setOpen(id)} />
      <StatementDrawer side="mall" id={open} onClose={() => setOpen(null)} />
    </ListPage>
  );
}
