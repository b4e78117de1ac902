import { yuan } from '@kc/contracts/buying/mall';
import type { StatAllVO, StatMonthVO, StatRankRow } from '../api/statistics-api.ts';
import type { EChartOption } from './echart.tsx';

// The chart options of the 统计分析 page, from the server's figures (fen shown as yuan).
const toYuan = (fen: number) => Number(yuan(fen).replace(/,/g, ''));
const yuanTip = (v: unknown) => `¥${Number(v).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Spend by month: bars of amount, a line-free second axis of sub-order counts in the tooltip. */
export function monthOption(m: StatMonthVO): EChartOption {
  return {
    tooltip: {
      trigger: 'axis',
      formatter: (ps: { dataIndex: number }[]) => {
        const row = m.months[ps[0]?.dataIndex ?? 0];
        return row ? `${row.month}<br/>金额：${yuanTip(toYuan(row.amount))}<br/>子订单：${row.orders} 笔<br/>点击查看订单明细` : '';
      },
    },
    grid: { left: 70, right: 20, top: 20, bottom: 30 },
    xAxis: { type: 'category', data: m.months.map((x) => x.month) },
    yAxis: { type: 'value', name: '元' },
    series: [{ type: 'bar', name: '采购金额', data: m.months.map((x) => toYuan(x.amount)), itemStyle: { color: '#1677ff' }, cursor: 'pointer' }],
  };
}

/** A top list as horizontal bars, largest on top. */
export function rankOption(rows: StatRankRow[], color: string): EChartOption {
  const shown = [...rows].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: yuanTip },
    grid: { left: 10, right: 30, top: 10, bottom: 20, containLabel: true },
    xAxis: { type: 'value' },
    yAxis: { type: 'category', data: shown.map((r) => (r.name.length > 14 ? `${r.name.slice(0, 14)}…` : r.name)) },
    series: [{ type: 'bar', name: '金额', data: shown.map((r) => toYuan(r.amount)), itemStyle: { color }, cursor: 'pointer' }],
  };
}

/** Share by top-level category (运费 its own slice). */
export function categoryOption(all: StatAllVO): EChartOption {
  return {
    tooltip: { trigger: 'item', formatter: (p: { name: string; value: number; percent: number }) => `${p.name}<br/>${yuanTip(p.value)}（${p.percent}%）` },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        data: all.categories.filter((c) => c.amount > 0).map((c) => ({ name: c.name, value: toYuan(c.amount) })),
      },
    ],
  };
}
