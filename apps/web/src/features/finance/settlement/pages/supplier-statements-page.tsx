import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { getStatements, type StatementVO } from '../api/settlement-api.ts';
import { settlementKeys } from '../api/settlement-query-keys.ts';
import { statementColumns } from '../components/statement-columns.tsx';
import { StatementDrawer } from '../components/statement-drawer.tsx';
import { STATEMENT_TABS } from '../statement-status.ts';

const FIELDS: ListField[] = [
  { kind: 'text', name: 'statementNo', label: '对账单号', width: 180 },
  { kind: 'text', name: 'month', label: '月份', placeholder: 'YYYY-MM', width: 120, maxLength: 7 },
];

/** /cassSupplier/statement (对账单, supplier): the institutes' statements of my company; confirm, or dispute lines with a reason. */
export function SupplierStatementsPage({ entry, home }: MenuPageProps) {
  const list = useListPage<StatementVO>({
    queryKey: settlementKeys.supplierStatements,
    fields: FIELDS,
    tabs: STATEMENT_TABS.filter((t) => t.key !== 'draft'),
    request: getStatements('supplier'),
    flags: usePageFlags(entry),
  });
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ListPage<StatementVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="supplier-statements-search"
      emptyText="暂无对账单"
      table={{ size: 'middle' }}
      columns={statementColumns(setOpen, { institute: true })}
    >
      <StatementDrawer side="supplier" id={open} onClose={() => setOpen(null)} />
    </ListPage>
  );
}
