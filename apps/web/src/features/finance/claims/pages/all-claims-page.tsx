import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { claimKeys } from '../api/claim-query-keys.ts';
import { type ClaimVO, getAllClaims } from '../api/claims-api.ts';
import { claimColumns } from '../claim-columns.tsx';
import { MY_TABS } from '../claim-status.ts';
import { ClaimDetailDrawer } from '../components/claim-detail-drawer.tsx';

const FIELDS: ListField[] = [
  { kind: 'text', name: 'claimNo', label: '报销单号', width: 200 },
  { kind: 'dateRange', name: 'date', label: '申请日期' },
];

/** /cass/claim/all (全部报销单, platform): every institute's claims by state. */
export function AllClaimsPage({ entry, home }: MenuPageProps) {
  const list = useListPage<ClaimVO>({
    queryKey: claimKeys.everyone,
    fields: FIELDS,
    tabs: MY_TABS,
    request: (q) => getAllClaims({ ...q, tab: q.tab === 'submitted' ? 'submitted,team_approved' : q.tab }),
    flags: usePageFlags(entry),
  });
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ListPage<ClaimVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="all-claims-search"
      emptyText="暂无报销单"
      totalCap={10_000}
      table={{ scroll: { x: 1300 }, size: 'middle' }}
      columns={claimColumns(setOpen, { buyer: true, institute: true })}
    >
      <ClaimDetailDrawer id={open} onClose={() => setOpen(null)} />
    </ListPage>
  );
}
