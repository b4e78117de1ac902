import { OUTCOME_TEXT } from '@kc/contracts/supply/external';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Select, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { usePagedQuery } from '../../../../components/list-page/index.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import { getExternalCounts, getExternalLog, getServeCountAll } from '../api/external-admin-api.ts';
import { externalKeys } from '../api/external-query-keys.ts';

const OUTCOME_COLOR = { ok: 'green', error: 'red', timeout: 'orange', open: 'purple' } as const;

/** 调用统计与日志: totals per interface, counts per day, and the call log (kept 90 days). */
export function ExternalStatsDrawer({ open, interfaceId, onClose }: { open: boolean; interfaceId?: number; onClose: () => void }) {
  const [outcome, setOutcome] = useState<string | undefined>();
  const totals = useQuery({ queryKey: externalKeys.totals, queryFn: getServeCountAll, enabled: open });
  const showTotal = (n: number) => `共 ${n} 条`;
  const days = usePagedQuery({
    queryKey: externalKeys.days(interfaceId),
    queryFn: (page) => getExternalCounts({ ...page, interfaceId }),
    enabled: open,
    size: 20,
    showTotal,
  });
  const log = usePagedQuery({
    queryKey: externalKeys.log(interfaceId, outcome),
    queryFn: (page) => getExternalLog({ ...page, interfaceId, outcome }),
    enabled: open,
    size: 20,
    showTotal,
  });
  return (
    <Drawer open={open} onClose={onClose} width={1000} title="调用统计与日志">
      <Tabs
        items={[
          {
            key: 'totals',
            label: '调用总数',
            children: (
              <Table
                rowKey="interfaceId"
                loading={totals.isLoading}
                dataSource={totals.data ?? []}
                pagination={false}
                columns={[
                  { title: '接口', dataIndex: 'name' },
                  { title: '代码', dataIndex: 'code', width: 120 },
                  { title: '90 天调用', dataIndex: 'calls', width: 100 },
                  { title: '失败', dataIndex: 'failures', width: 80 },
                  { title: '平均耗时（毫秒）', dataIndex: 'avgLatencyMs', width: 140 },
                  { title: '今日调用', dataIndex: 'todayCalls', width: 100 },
                  { title: '今日失败', dataIndex: 'todayFailures', width: 100 },
                ]}
              />
            ),
          },
          {
            key: 'days',
            label: '按日统计',
            children: (
              <Table
                rowKey={(r) => `${r.interfaceId}-${r.day}`}
                loading={days.query.isLoading}
                dataSource={days.query.data?.records ?? []}
                pagination={days.pagination}
                columns={[
                  { title: '日期', dataIndex: 'day', width: 120 },
                  { title: '接口', dataIndex: 'name' },
                  { title: '调用', dataIndex: 'calls', width: 100 },
                  { title: '失败', dataIndex: 'failures', width: 100 },
                  { title: '平均耗时（毫秒）', dataIndex: 'avgLatencyMs', width: 140 },
                ]}
              />
            ),
          },
          {
            key: 'log',
            label: '调用日志',
            children: (
              <>
                <Select
                  allowClear
                  placeholder="结果"
                  style={{ width: 140, marginBottom: 12 }}
                  value={outcome}
                  onChange={(v) => {
                    setOutcome(v);
                    log.restart();
                  }}
                  options={Object.entries(OUTCOME_TEXT).map(([value, label]) => ({ value, label }))}
                />
                <Table
                  rowKey="id"
                  loading={log.query.isLoading}
                  dataSource={log.query.data?.records ?? []}
                  pagination={log.pagination}
                  columns={[
                    { title: '时间', dataIndex: 'calledAt', width: 170, render: (v: string) => shanghaiTime(v, true) },
                    { title: '接口', dataIndex: 'interfaceName', width: 160 },
                    { title: '查询编号', dataIndex: 'target', width: 120 },
                    {
                      title: '结果',
                      dataIndex: 'outcome',
                      width: 80,
                      render: (o: keyof typeof OUTCOME_TEXT) => <Tag color={OUTCOME_COLOR[o]}>{OUTCOME_TEXT[o]}</Tag>,
                    },
                    { title: 'HTTP 状态', dataIndex: 'httpStatus', width: 90, render: (s: number | null) => s ?? '—' },
                    { title: '耗时（毫秒）', dataIndex: 'latencyMs', width: 110 },
                    { title: '错误', dataIndex: 'error', ellipsis: true, render: (e: string | null) => e ?? '—' },
                  ]}
                />
              </>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
