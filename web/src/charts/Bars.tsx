import { BarChart } from 'echarts/charts';
import { useMemo, useRef } from 'react';
import { baseText, echarts, esc, tooltipBase, usePalette } from './core';
import { EChart } from './EChart';

echarts.use([BarChart]);

interface Props {
  categories: string[];
  values: number[];
  /** Horizontal bars (ranked lists) or columns (histograms). */
  horizontal?: boolean;
  format: (v: number) => string;
  /** Extra tooltip line per bar. */
  detail?: (index: number) => string;
  height: number;
  label: string;
  color?: string;
  onClick?: (index: number) => void;
}

export function Bars({ categories, values, horizontal, format, detail, height, label, color, onClick }: Props) {
  const pal = usePalette();
  // Panels pass fresh arrays and closures on every render: the chart is set again only when
  // what it shows changes (a URL change re-renders the whole page).
  const dataKey = JSON.stringify([categories, values, horizontal, color]);
  const fmt = useRef(format);
  fmt.current = format;
  const det = useRef(detail);
  det.current = detail;
  const option = useMemo(() => {
    const format = (v: number) => fmt.current(v);
    const detail = det.current ? (i: number) => det.current!(i) : undefined;
    const text = baseText(pal);
    const catAxis = {
      type: 'category',
      data: categories,
      inverse: horizontal,
      axisTick: { show: false },
      axisLine: { lineStyle: { color: pal.grid } },
      axisLabel: {
        ...text,
        color: pal.text,
        interval: 0,
        width: horizontal ? 130 : undefined,
        overflow: 'truncate',
        hideOverlap: !horizontal,
      },
    };
    const valAxis = {
      type: 'value',
      // Counts: whole-number ticks (an empty window shows 0 and 1, not "0 0 0 1 1 1").
      minInterval: 1,
      splitLine: { lineStyle: { color: pal.grid } },
      axisLabel: { ...text, formatter: (v: number) => format(v) },
    };
    return {
      // No entry animation: its frames would repaint every chart while the others load.
      animation: false,
      grid: horizontal
        ? { left: 8, right: 56, top: 4, bottom: 4, containLabel: true }
        : { left: 8, right: 8, top: 12, bottom: 4, containLabel: true },
      tooltip: {
        ...tooltipBase(pal),
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (ps: { dataIndex: number; name: string }[]) => {
          const p = ps[0];
          const extra = detail ? `<br/>${esc(detail(p.dataIndex))}` : '';
          return `<strong>${esc(p.name)}</strong><br/>${esc(format(values[p.dataIndex]))}${extra}`;
        },
      },
      xAxis: horizontal ? { ...valAxis, show: false } : catAxis,
      yAxis: horizontal ? catAxis : valAxis,
      series: [
        {
          type: 'bar',
          data: values,
          barMaxWidth: horizontal ? 18 : 42,
          itemStyle: { color: color ?? pal.series, borderRadius: horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0] },
          label: horizontal
            ? { show: true, position: 'right', ...text, color: pal.text, formatter: (p: { value: number }) => format(p.value) }
            : { show: false },
          emphasis: { itemStyle: { color: pal.accent } },
        },
      ],
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataKey, pal]);
  return (
    <EChart
      option={option}
      height={height}
      label={label}
      onClick={onClick ? (p) => p.dataIndex !== undefined && onClick(p.dataIndex) : undefined}
    />
  );
}
