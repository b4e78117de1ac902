import { OUTCOME_TEXT } from '@kc/contracts/supply/external';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Select, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { shanghaiTime } from '../../../../lib/format.ts';
import { getExternalCounts, getExternalLog, getServeCountAll } from '../api/external-admin-api.ts';

const OUTCOME_COLOR = { ok: 'green', error: 'red', timeout: 'orange', open: 'purple' } as const;

/** 调用统计与日志: totals per interface, counts per day, and the call log (kept 90 days). */
export function ExternalStatsDrawer({ open, interfaceId, onClose }: { open: boolean; interfaceId?: number; onClose: () => void }) {
  const [logPage, setLogPage] = useState({ current: 1, size: 20 });
  const [dayPage, setDayPage] = useState({ current: 1, size: 20 });
  const [outcome, setOutcome] = useState<string | undefined>();
  const totals = useQuery({ queryKey: ['external', 'totals'], queryFn: getServeCountAll, enabled: open });
  const days = useQuery({ queryKey: ['external', 'days', interfaceId, dayPage], queryFn: () => getExternalCounts({ ...dayPage, interfaceId }), enabled: open });
  const log = useQuery({
    queryKey: ['external', 'log', interfaceId, outcome, logPage],
    queryFn: () => getExternalLog({ ...logPage, interfaceId, outcome }),
    enabled: open,
  });
  const pagination = (p: { current: number; size: number }, total: number | undefined, set: (v: { current: number; size: number }) => void) => ({
    current: p.current,
    pageSize: p.size,
    total,
    showTotal: (n: number) => `共 ${n} 条`,
    onChange: (current: number, size: number) => set({ current, size }),
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
                loading={days.isLoading}
                dataSource={days.data?.records ?? []}
                pagination={pagination(dayPage, days.data?.total, setDayPage)}
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
                    setLogPage({ ...logPage, current: 1 });
                  }}
                  options={Object.entries(OUTCOME_TEXT).map(([value, label]) => ({ value, label }))}
                />
                <Table
                  rowKey="id"
                  loading={log.isLoading}
                  dataSource={log.data?.records ?? []}
                  pagination={pagination(logPage, log.data?.total, setLogPage)}
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
