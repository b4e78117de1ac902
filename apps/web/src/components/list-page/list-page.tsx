import { Badge, Flex, Table, type TableColumnsType, type TableProps, Tabs } from 'antd';
import type { ComponentType, Key, ReactNode } from 'react';
import { ExportButton } from '../export-button.tsx';
import { PageFlagsContext } from '../page-flags.tsx';
import { PageFrame } from '../page-frame.tsx';
import { SearchForm } from './search-form.tsx';
import type { ListPageModel } from './use-list-page.ts';

/** A page frame: title, breadcrumb and header buttons around the list (PageFrame by default). */
export type ListFrame = ComponentType<{ title: string; parents?: string[]; home?: string; extra?: ReactNode; children: ReactNode }>;

export interface ListPageProps<Row> {
  /** the list's state and rows (useListPage) */
  list: ListPageModel<Row>;
  title: string;
  parents?: string[];
  home?: string;
  frame?: ListFrame;
  /** header buttons before 导出 (新增…; wrap them in <Can flag="add">) */
  toolbar?: ReactNode;
  /** the export: shown as 导出 when the page grants export */
  onExport?: () => Promise<unknown>;
  /** 后台导出 beside 导出 (asynchronous export records) */
  onExportBackground?: () => Promise<unknown>;
  exportTestId?: string;
  /** the search form's name and test id */
  searchName?: string;
  searchTestId?: string;
  /** beside the search form, at the right (the chosen rows and their batch buttons) */
  searchExtra?: ReactNode;
  /** between the tabs and the table (batch buttons) */
  batchBar?: ReactNode;
  columns: TableColumnsType<Row>;
  /** rows may be chosen (batch actions read list.selection) */
  selectable?: boolean | { getCheckboxProps?: (row: Row) => Record<string, unknown> };
  /** shown when the list is empty */
  emptyText?: ReactNode;
  showSizeChanger?: boolean;
  /**
   * the server counts at most this many rows (a larger total comes back as cap + 1): the pager
   * stops there and says “cap+”, and the user narrows the search to reach the rest
   */
  totalCap?: number;
  /** the rest of the table (expanded rows, scroll, size, row attributes, summary) */
  table?: Omit<TableProps<Row>, 'columns' | 'dataSource' | 'pagination' | 'rowSelection' | 'loading' | 'rowKey'>;
  /** the page's dialogs and drawers */
  children?: ReactNode;
}

/**
 * A list page (a thin in-house ProTable): the search form made from the fields, tabs by limitTab
 * with their counts, the table with server paging (current/size, total, page sizes), row choice
 * for batch actions, 导出 when the page grants export, and the empty state. The page's flags reach
 * every cell and toolbar through <Can>.
 */
export function ListPage<Row extends object>(p: ListPageProps<Row>) {
  const { list } = p;
  const Frame = p.frame ?? PageFrame;
  const exportButton = p.onExport && list.flags.export ? <ExportButton run={p.onExport} runBackground={p.onExportBackground} testId={p.exportTestId} /> : null;
  const extra =
    p.toolbar || exportButton ? (
      <Flex gap={8}>
        {p.toolbar}
        {exportButton}
      </Flex>
    ) : null;
  const checkbox = typeof p.selectable === 'object' ? p.selectable.getCheckboxProps : undefined;
  const search = list.fields.length ? (
    <SearchForm fields={list.fields} values={list.state.values} onSearch={list.setValues} name={p.searchName} testId={p.searchTestId} />
  ) : null;

  return (
    <PageFlagsContext.Provider value={list.flags}>
      <Frame title={p.title} parents={p.parents} home={p.home} extra={extra}>
        <Flex vertical gap={16}>
          {p.searchExtra ? (
            <Flex justify="space-between" align="center" wrap gap={12}>
              {search}
              {p.searchExtra}
            </Flex>
          ) : (
            search
          )}
          {list.tabs.length > 0 && (
            <Tabs
              activeKey={list.tab}
              onChange={list.setTab}
              tabBarStyle={{ marginBottom: 0 }}
              items={list.tabs.map((t) => ({
                key: t.key,
                label:
                  t.count === undefined ? (
                    t.label
                  ) : (
                    <span>
                      {t.label} <Badge count={t.count} showZero overflowCount={999} size="small" color="#bfbfbf" />
                    </span>
                  ),
              }))}
            />
          )}
          {p.batchBar}
          <Table<Row>
            rowKey={(r) => list.rowKey(r) as Key}
            {...p.table}
            loading={list.query.isFetching}
            dataSource={list.records}
            columns={p.columns}
            locale={p.emptyText !== undefined ? { emptyText: p.emptyText } : p.table?.locale}
            rowSelection={
              p.selectable
                ? {
                    selectedRowKeys: list.selection.keys,
                    onChange: (keys) => list.selection.set([...keys]),
                    preserveSelectedRowKeys: true,
                    getCheckboxProps: checkbox,
                  }
                : undefined
            }
            pagination={{
              current: list.state.current,
              pageSize: list.state.size,
              total: p.totalCap !== undefined ? Math.min(list.total, p.totalCap) : list.total,
              showSizeChanger: p.showSizeChanger ?? true,
              pageSizeOptions: [...list.pageSizes],
              showTotal: (t) =>
                p.totalCap !== undefined && list.total > p.totalCap ? `共 ${p.totalCap.toLocaleString()}+ 条，请用查询条件缩小范围` : `共 ${t} 条`,
              onChange: list.setPage,
            }}
          />
        </Flex>
        {p.children}
      </Frame>
    </PageFlagsContext.Provider>
  );
}
