import { EXPORT_STATUS_TEXT } from '@kc/contracts/oversight/exports';
import { BUILTIN_ROLE } from '@kc/contracts/platform/permissions';
import { type ListField, ListPage, type ListTab, useListPage } from '../../../../components/list-page/index.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { type ExportRecordVO, getExportRecords, type RecordSource } from '../api/exports-api.ts';
import { exportRecordColumns, usePollWhileRunning } from '../components/export-records-table.tsx';

const FIELDS: ListField[] = [
  { kind: 'select', name: 'status', label: '状态', options: Object.entries(EXPORT_STATUS_TEXT).map(([value, label]) => ({ value, label })), width: 160 },
];

/** One 导出记录 list: the records of `sources` (one per tab), polled while an export runs. */
function RecordsList({ entry, home, sources, title }: MenuPageProps & { sources: { key: RecordSource; label: string }[]; title?: string }) {
  const tabs: ListTab[] = sources.map((s) => ({ key: s.key, label: s.label }));
  const list = useListPage<ExportRecordVO>({
    queryKey: ['exports', 'records', sources.map((s) => s.key).join(',')],
    fields: FIELDS,
    tabs: tabs.length > 1 ? tabs : undefined,
    request: (q) => getExportRecords((q.tab as RecordSource | undefined) ?? sources[0].key, q),
  });
  usePollWhileRunning(list.records, list.query.refetch);
  const tab = (list.tab as RecordSource | undefined) ?? sources[0].key;
  return (
    <ListPage<ExportRecordVO>
      list={list}
      title={title ?? entry.name}
      parents={entry.parents}
      home={home}
      searchName="export-records-search"
      emptyText="暂无导出记录；在订单列表点“导出”旁的“后台导出”即可生成"
      table={{ scroll: { x: 1200 }, size: 'middle' }}
      columns={exportRecordColumns({ who: tab !== 'mine' && tab !== 'supplier' })}
    />
  );
}

/** /cass/export/records (导出记录, buyer side): my exports; the institute's too for its owner and finance. */
export function ExportRecordsPage(props: MenuPageProps) {
  const { data: info } = useUserAllInfo();
  const codes = new Set(info?.user.roles.map((r) => r.code) ?? []);
  const officer = codes.has(BUILTIN_ROLE.INSTITUTE_OWNER) || codes.has(BUILTIN_ROLE.FINANCE);
  const sources: { key: RecordSource; label: string }[] = [{ key: 'mine', label: '我的导出' }];
  if (officer) sources.push({ key: 'institute', label: '本所导出' });
  return <RecordsList {...props} sources={sources} />;
}

/** /cass/system/exports (导出记录, platform): every export. */
export function AdminExportRecordsPage(props: MenuPageProps) {
  return <RecordsList {...props} sources={[{ key: 'admin', label: '全部导出' }]} />;
}

/** /cassSupplier/export (导出记录, supplier): the company's exports. */
export function SupplierExportRecordsPage(props: MenuPageProps) {
  return <RecordsList {...props} sources={[{ key: 'supplier', label: '本公司导出' }]} />;
}
