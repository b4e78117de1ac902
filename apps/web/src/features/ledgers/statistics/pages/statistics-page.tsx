import { STAT_LEVEL_TEXT } from '@kc/contracts/ledgers/statistics';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, DatePicker, Empty, Flex, Row, Segmented, Select, Space, Statistic, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { money } from '../../../../lib/format.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import {
  getStatAll,
  getStatMonths,
  getStatRank,
  getStatScopes,
  type StatFilter,
  type StatLevel,
  type StatRankRow,
  type StatScopesVO,
} from '../api/statistics-api.ts';
import { statisticsKeys } from '../api/statistics-query-keys.ts';
import { EChart } from '../components/echart.tsx';
import { type Drill, LinesDrawer } from '../components/lines-drawer.tsx';
import { categoryOption, monthOption, rankOption } from '../components/stat-charts.ts';

const MONTH = 'YYYY-MM';

/** The widest level the caller may see opens first (研究所 for institute roles, 课题组 for a leader). */
const widest = (s: StatScopesVO): StatLevel => s.levels[s.levels.length - 1] ?? 'person';

/**
 * /cass/statistics (统计分析): what the caller's scope spent — by month, top suppliers, brands and
 * items, share by category — from the accepted orders. A month, supplier, item or brand opens the
 * order lines behind it (each linking to its order), exportable to Excel. The scope selector offers
 * only the levels the role may see; the server checks every call again.
 */
export function StatisticsPage({ entry, home }: MenuPageProps) {
  const scopes = useQuery({ queryKey: statisticsKeys.scopes, queryFn: getStatScopes });
  const s = scopes.data;
  return (
    <PageFrame title={entry.name} parents={entry.parents} home={home}>
      {scopes.isError ? <Alert type="error" showIcon message="统计范围加载失败，请刷新重试" /> : s ? <Dashboard scopes={s} /> : <Card loading />}
    </PageFrame>
  );
}

function Dashboard({ scopes }: { scopes: StatScopesVO }) {
  const [level, setLevel] = useState<StatLevel>(widest(scopes));
  const [months, setMonths] = useState<[Dayjs, Dayjs]>([dayjs().subtract(11, 'month'), dayjs()]);
  const [teamId, setTeamId] = useState<number | undefined>();
  const [collegeId, setCollegeId] = useState<number | undefined>(scopes.collegeId ?? scopes.colleges[0]?.id);
  const [instituteId, setInstituteId] = useState<number | undefined>(scopes.institutes.length === 1 ? scopes.institutes[0].id : undefined);
  const [drill, setDrill] = useState<Drill | null>(null);

  const filter: StatFilter = useMemo(
    () => ({
      startMonth: months[0].format(MONTH),
      endMonth: months[1].format(MONTH),
      teamId: level === 'team' ? teamId : undefined,
      collegeId: level === 'college' ? collegeId : undefined,
      instituteId: level === 'institution' ? instituteId : undefined,
    }),
    [months, level, teamId, collegeId, instituteId],
  );
  const all = useQuery({ queryKey: statisticsKeys.figure(level, filter, 'all'), queryFn: () => getStatAll(level, filter) });
  const byMonth = useQuery({ queryKey: statisticsKeys.figure(level, filter, 'month'), queryFn: () => getStatMonths(level, filter) });
  const company = useQuery({ queryKey: statisticsKeys.figure(level, filter, 'company'), queryFn: () => getStatRank(level, 'company', filter) });
  const brand = useQuery({ queryKey: statisticsKeys.figure(level, filter, 'brand'), queryFn: () => getStatRank(level, 'brand', filter) });
  const item = useQuery({ queryKey: statisticsKeys.figure(level, filter, 'item'), queryFn: () => getStatRank(level, 'item', filter) });

  const monthChart = useMemo(() => byMonth.data && monthOption(byMonth.data), [byMonth.data]);
  const companyChart = useMemo(() => company.data && rankOption(company.data.rows, '#13a8a8'), [company.data]);
  const brandChart = useMemo(() => brand.data && rankOption(brand.data.rows, '#722ed1'), [brand.data]);
  const categoryChart = useMemo(() => all.data && categoryOption(all.data), [all.data]);
  const t = all.data?.totals;
  const empty = t !== undefined && t.amount === 0 && t.orders === 0;

  const openMonth = (month: string) => setDrill({ month, label: month });
  const rankDrill = (view: 'supplierId' | 'itemId' | 'brandId') => (r: StatRankRow) => r.id !== null && setDrill({ [view]: r.id, label: r.name });

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={12} align="center" data-testid="stat-scope">
        <Segmented<StatLevel>
          value={level}
          onChange={setLevel}
          options={scopes.levels.map((l) => ({ value: l, label: STAT_LEVEL_TEXT[l] }))}
          data-testid="stat-levels"
        />
        {level === 'team' && scopes.teams.length > 1 && (
          <Select
            allowClear
            placeholder={scopes.levels.includes('institution') ? '选择课题组' : '我负责的全部课题组'}
            style={{ width: 200 }}
            value={teamId}
            onChange={setTeamId}
            options={scopes.teams.map((x) => ({ value: x.id, label: x.name }))}
          />
        )}
        {level === 'college' && scopes.colleges.length > 1 && (
          <Select style={{ width: 200 }} value={collegeId} onChange={setCollegeId} options={scopes.colleges.map((x) => ({ value: x.id, label: x.name }))} />
        )}
        {level === 'institution' && scopes.institutes.length > 1 && (
          <Select
            allowClear
            placeholder="全部研究所"
            style={{ width: 240 }}
            value={instituteId}
            onChange={setInstituteId}
            options={scopes.institutes.map((x) => ({ value: x.id, label: x.name }))}
          />
        )}
        <DatePicker.RangePicker
          picker="month"
          allowClear={false}
          value={months}
          disabledDate={(d) => d.isAfter(dayjs(), 'month')}
          onChange={(v) => v?.[0] && v[1] && setMonths([v[0], v[1]])}
        />
        {all.data && <Typography.Text type="secondary">{all.data.scopeName}</Typography.Text>}
      </Flex>
      {level === 'team' && teamId === undefined && scopes.levels.includes('institution') && <Alert type="info" showIcon message="请选择要查看的课题组" />}
      {all.isError && <Alert type="warning" showIcon message="该范围的统计暂不可查看" />}

      <Row gutter={16}>
        <Col span={6}>
          <Card size="small">
            <Statistic title="采购金额（已验收）" value={money(t?.amount ?? 0)} loading={all.isLoading} valueStyle={{ color: '#1677ff' }} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small">
            <Statistic title="子订单" value={t?.orders ?? 0} suffix="笔" loading={all.isLoading} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small">
            <Statistic title="商品明细" value={t?.lines ?? 0} suffix="行" loading={all.isLoading} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small">
            <Statistic title="供应商" value={all.data?.suppliers ?? 0} suffix="家" loading={all.isLoading} />
          </Card>
        </Col>
      </Row>

      {empty ? (
        <Card>
          <Empty description="所选月份内没有已验收的订单" />
        </Card>
      ) : (
        <>
          <Row gutter={16}>
            <Col span={16}>
              <Card size="small" title="按月采购金额" extra={<Typography.Text type="secondary">点击柱形或月份查看订单明细</Typography.Text>}>
                {monthChart && (
                  <EChart option={monthChart} testId="stat-month-chart" onClick={(p) => byMonth.data && openMonth(byMonth.data.months[p.dataIndex].month)} />
                )}
                <Table
                  size="small"
                  rowKey="month"
                  data-testid="stat-months"
                  pagination={false}
                  scroll={{ y: 200 }}
                  dataSource={(byMonth.data?.months ?? []).filter((m) => m.orders !== 0 || m.amount !== 0).reverse()}
                  columns={[
                    { title: '月份', dataIndex: 'month', render: (m: string) => <Typography.Link onClick={() => openMonth(m)}>{m}</Typography.Link> },
                    { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => <MoneyCell fen={v} /> },
                    { title: '子订单', dataIndex: 'orders', align: 'right' },
                    { title: '商品明细', dataIndex: 'lines', align: 'right' },
                  ]}
                />
              </Card>
            </Col>
            <Col span={8}>
              <Card size="small" title="品类占比">
                {categoryChart && <EChart option={categoryChart} height={440} testId="stat-category-chart" />}
              </Card>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col span={12}>
              <RankCard title="供应商 TOP 10" rows={company.data?.rows} chart={companyChart} onPick={rankDrill('supplierId')} testId="stat-company" />
            </Col>
            <Col span={12}>
              <RankCard title="品牌 TOP 10" rows={brand.data?.rows} chart={brandChart} onPick={rankDrill('brandId')} testId="stat-brand" />
            </Col>
          </Row>
          <Card size="small" title="商品 TOP 10">
            <Table<StatRankRow>
              size="small"
              rowKey={(r) => String(r.id)}
              data-testid="stat-items"
              pagination={false}
              loading={item.isLoading}
              dataSource={item.data?.rows ?? []}
              columns={[
                { title: '排名', key: 'rank', width: 60, render: (_, __, i) => i + 1 },
                { title: '商品', dataIndex: 'name', render: (n: string, r) => <Typography.Link onClick={() => rankDrill('itemId')(r)}>{n}</Typography.Link> },
                { title: '品牌', dataIndex: 'extra', width: 160 },
                { title: '数量', dataIndex: 'quantity', width: 90, align: 'right' },
                { title: '明细行', dataIndex: 'lines', width: 90, align: 'right' },
                { title: '金额', dataIndex: 'amount', width: 140, align: 'right', render: (v: number) => <MoneyCell fen={v} /> },
              ]}
            />
          </Card>
        </>
      )}
      <LinesDrawer level={level} filter={filter} drill={drill} canExport={scopes.canExport} onClose={() => setDrill(null)} />
    </Flex>
  );
}

function RankCard({
  title,
  rows,
  chart,
  onPick,
  testId,
}: {
  title: string;
  rows: StatRankRow[] | undefined;
  chart: ReturnType<typeof rankOption> | undefined;
  onPick: (r: StatRankRow) => void;
  testId: string;
}) {
  return (
    <Card size="small" title={title} extra={<Typography.Text type="secondary">点击查看订单明细</Typography.Text>}>
      {chart && rows && rows.length > 0 ? (
        <EChart option={chart} height={320} testId={`${testId}-chart`} onClick={(p) => onPick([...rows].reverse()[p.dataIndex])} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      <Space wrap size={[12, 4]} data-testid={testId}>
        {(rows ?? []).map((r) => (
          <Typography.Link key={String(r.id)} onClick={() => onPick(r)}>
            {r.name} {money(r.amount)}
          </Typography.Link>
        ))}
      </Space>
    </Card>
  );
}
