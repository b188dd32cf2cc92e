import { HeatmapChart } from 'echarts/charts';
import { useMemo } from 'react';
import { fmtDate, fmtInt, fmtTime } from '../lib/format';
import { COLORS, baseText, echarts, esc, tooltipBase } from './core';
import { EChart } from './EChart';

echarts.use([HeatmapChart]);

const SLOTS = 96;
const slotLabel = (i: number) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
const SLOT_LABELS = Array.from({ length: SLOTS }, (_, i) => slotLabel(i));

interface Props {
  buckets: { bucket_start_utc: string; count: number }[];
  label: string;
}

/** Arrivals per 15 minutes: one row per UTC day, one cell per quarter hour. */
export function HeatStrip({ buckets, label }: Props) {
  const { option, height } = useMemo(() => {
    const days: string[] = [];
    const dayIndex = new Map<string, number>();
    const cells: [number, number, number, string][] = [];
    let max = 0;
    for (const b of buckets) {
      const day = b.bucket_start_utc.slice(0, 10);
      let row = dayIndex.get(day);
      if (row === undefined) {
        row = days.length;
        dayIndex.set(day, row);
        days.push(day);
      }
      const d = new Date(b.bucket_start_utc);
      const slot = d.getUTCHours() * 4 + Math.floor(d.getUTCMinutes() / 15);
      cells.push([slot, row, b.count, b.bucket_start_utc]);
      if (b.count > max) max = b.count;
    }
    const rowH = days.length <= 2 ? 28 : days.length <= 8 ? 18 : 11;
    const height = days.length * rowH + 64;
    const option = {
      animation: false,
      grid: { left: 8, right: 12, top: 4, bottom: 40, containLabel: true },
      tooltip: {
        ...tooltipBase,
        formatter: (p: { data: [number, number, number, string] }) => {
          const [, , count, start] = p.data;
          return `${esc(fmtDate(start))}, ${esc(fmtTime(start))}–${esc(fmtTime(new Date(Date.parse(start) + 15 * 60_000)))} UTC<br/><strong>${esc(fmtInt(count))}</strong> calls`;
        },
      },
      xAxis: {
        type: 'category',
        data: SLOT_LABELS,
        splitArea: { show: false },
        axisTick: { show: false },
        axisLine: { show: false },
        axisLabel: { ...baseText, interval: 11 },
      },
      yAxis: {
        type: 'category',
        data: days.map((d) => fmtDate(`${d}T00:00:00Z`)),
        inverse: true,
        axisTick: { show: false },
        axisLine: { show: false },
        axisLabel: { ...baseText, interval: days.length > 16 ? 2 : 0 },
      },
      visualMap: {
        min: 0,
        max: Math.max(1, max),
        calculable: false,
        dimension: 2,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        itemHeight: 120,
        itemWidth: 10,
        text: [fmtInt(max), '0'],
        textStyle: baseText,
        inRange: { color: ['#f8fafc', '#fde68a', '#f59e0b', COLORS.accent, '#78350f'] },
      },
      series: [
        {
          type: 'heatmap',
          data: cells,
          itemStyle: { borderColor: '#fff', borderWidth: rowH > 12 ? 1 : 0.5 },
          emphasis: { itemStyle: { borderColor: '#111827', borderWidth: 1 } },
          progressive: 0,
        },
      ],
    };
    return { option, height };
  }, [buckets]);
  return <EChart option={option} height={height} label={label} />;
}
