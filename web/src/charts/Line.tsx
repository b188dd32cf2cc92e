import { LineChart } from 'echarts/charts';
import { useMemo } from 'react';
import { fmtDateTime } from '../lib/format';
import { COLORS, baseText, echarts, esc, tooltipBase } from './core';
import { EChart } from './EChart';

echarts.use([LineChart]);

interface Props {
  points: { timestamp: string; value: number }[];
  format: (v: number) => string;
  height: number;
  label: string;
  seriesName: string;
}

export function Line({ points, format, height, label, seriesName }: Props) {
  const option = useMemo(
    () => ({
      animationDuration: 250,
      grid: { left: 8, right: 16, top: 12, bottom: 4, containLabel: true },
      tooltip: {
        ...tooltipBase,
        trigger: 'axis',
        formatter: (ps: { value: [number, number] }[]) => {
          const [t, v] = ps[0].value;
          return `${esc(fmtDateTime(new Date(t)))}<br/><strong>${esc(format(v))}</strong> ${esc(seriesName)}`;
        },
      },
      xAxis: {
        type: 'time',
        axisLine: { lineStyle: { color: COLORS.grid } },
        axisLabel: { ...baseText, hideOverlap: true },
        splitLine: { show: false },
      },
      yAxis: {
        type: 'value',
        splitLine: { lineStyle: { color: COLORS.grid } },
        axisLabel: { ...baseText, formatter: (v: number) => format(v) },
      },
      series: [
        {
          type: 'line',
          name: seriesName,
          data: points.map((p) => [Date.parse(p.timestamp), p.value]),
          showSymbol: points.length <= 40,
          symbolSize: 5,
          lineStyle: { width: 2, color: COLORS.series },
          itemStyle: { color: COLORS.series },
          areaStyle: { color: 'rgba(37,99,235,0.10)' },
          sampling: 'lttb',
        },
      ],
      useUTC: true,
    }),
    [points, format, seriesName],
  );
  return <EChart option={option} height={height} label={label} />;
}
