import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// only the charts and parts the page draws: this module is imported by the lazy statistics page alone,
// so ECharts arrives with that page's chunk and never with the login or entry bundle
echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type EChartOption = echarts.EChartsCoreOption;
export interface EChartClick {
  dataIndex: number;
  name: string;
}

/** One ECharts canvas that follows its container's width; `onClick` receives the clicked bar or slice. */
export function EChart({
  option,
  onClick,
  height = 300,
  testId,
}: {
  option: EChartOption;
  onClick?: (p: EChartClick) => void;
  height?: number;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = echarts.init(el);
    chart.current = c;
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  useEffect(() => {
    const c = chart.current;
    if (!c || !onClick) return;
    const handler = (p: unknown) => onClick(p as EChartClick);
    c.on('click', handler);
    return () => {
      c.off('click', handler);
    };
  }, [onClick]);
  return <div ref={box} style={{ width: '100%', height }} data-testid={testId} />;
}
