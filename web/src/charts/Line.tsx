import { LineChart } from 'echarts/charts';
import { MarkLineComponent } from 'echarts/components';
import { useMemo } from 'react';
import { fmtDateTime, timeZoneMode } from '../lib/format';
import { baseText, echarts, esc, tooltipBase, usePalette } from './core';
import { EChart } from './EChart';

echarts.use([LineChart, MarkLineComponent]);

export interface Point {
  timestamp: string;
  value: number;
}

interface Props {
  points: Point[];
  /** The previous period, drawn dashed under the current one; its points are moved by `shiftMs`. */
  previous?: Point[];
  shiftMs?: number;
  /** Buckets cut by the window's edges: drawn dashed, because they hold less time. */
  partialFirst?: boolean;
  partialLast?: boolean;
  /** Axis ticks. */
  axis: (v: number) => string;
  /** A value in words for the tooltip: "1,234 calls", "$1.6M asked". */
  phrase: (v: number) => string;
  integer: boolean;
  height: number;
  label: string;
  /** Moments marked with a note (annotations): a vertical line each, the note in its tooltip. */
  marks?: { at: string; text: string }[];
  /** The point selected: the start of its bucket (the last point at or before the click). */
  onSelect?: (timestamp: string) => void;
  /** A stretch dragged across the chart (drag-to-zoom): its first and last instant, ms. */
  onZoom?: (fromMs: number, toMs: number) => void;
}

const GAP = '-'; // ECharts' "no value": the line breaks there

export function Line({
  points,
  previous,
  shiftMs = 0,
  partialFirst,
  partialLast,
  axis,
  phrase,
  integer,
  height,
  label,
  marks,
  onSelect,
  onZoom,
}: Props) {
  const pal = usePalette();
  const tz = timeZoneMode();
  const option = useMemo(() => {
    const text = baseText(pal);
    const xs = points.map((p) => Date.parse(p.timestamp));
    const n = points.length;
    const solidFrom = partialFirst && n > 1 ? 1 : 0;
    const solidTo = partialLast && n > 1 ? n - 2 : n - 1;
    const solid = points.map((p, i) => [xs[i], i >= solidFrom && i <= solidTo ? p.value : GAP]);
    // The segments into a partial bucket, each its own short dashed line.
    const edge = (a: number, b: number) => [a, b].map((i) => [xs[i], points[i].value]);
    const edges = [...(partialFirst && n > 1 ? [edge(0, 1)] : []), ...(partialLast && n > 1 ? [edge(n - 2, n - 1)] : [])];
    const prev = (previous ?? []).map((p) => [Date.parse(p.timestamp) + shiftMs, p.value] as [number, number]);
    const halfBucket = n > 1 ? (xs[1] - xs[0]) / 2 : Infinity;
    const prevAt = (t: number) => {
      let best: [number, number] | undefined;
      for (const q of prev) if (Math.abs(q[0] - t) <= halfBucket && (!best || Math.abs(q[0] - t) < Math.abs(best[0] - t))) best = q;
      return best;
    };
    const line = { type: 'line', showSymbol: n <= 40, symbolSize: 5, sampling: 'lttb', connectNulls: false };
    return {
      // No entry animation: its frames would repaint every chart while the others load.
      animation: false,
      useUTC: tz === 'utc',
      grid: { left: 8, right: 16, top: 12, bottom: 4, containLabel: true },
      tooltip: {
        ...tooltipBase(pal),
        trigger: 'axis',
        formatter: (ps: { axisValue: number }[]) => {
          const t = Number(ps[0]?.axisValue);
          let i = 0;
          for (let j = 1; j < n; j++) if (Math.abs(xs[j] - t) < Math.abs(xs[i] - t)) i = j;
          if (!points[i]) return '';
          const partial = (i === 0 && partialFirst) || (i === n - 1 && partialLast) ? ' <em>(partial bucket)</em>' : '';
          const before = prevAt(xs[i]);
          const prevLine = before ? `<br/><span style="opacity:.8">Previous period: ${esc(phrase(before[1]))}</span>` : '';
          return `${esc(fmtDateTime(new Date(xs[i])))}${partial}<br/><strong>${esc(phrase(points[i].value))}</strong>${prevLine}`;
        },
      },
      xAxis: {
        type: 'time',
        axisLine: { lineStyle: { color: pal.grid } },
        axisLabel: { ...text, hideOverlap: true },
        splitLine: { show: false },
      },
      yAxis: {
        type: 'value',
        // Counts and dollars: whole-number ticks, so an empty window reads 0 and 1.
        minInterval: integer ? 1 : undefined,
        splitLine: { lineStyle: { color: pal.grid } },
        axisLabel: { ...text, formatter: (v: number) => axis(v) },
      },
      series: [
        {
          ...line,
          name: 'current',
          data: solid,
          lineStyle: { width: 2, color: pal.series },
          itemStyle: { color: pal.series },
          areaStyle: { color: pal.seriesArea },
          z: 3,
          markLine: marks?.length
            ? {
                silent: false,
                symbol: ['none', 'triangle'],
                symbolSize: 8,
                animation: false,
                lineStyle: { color: pal.accent, type: 'solid', width: 1.5 },
                label: { show: false },
                tooltip: {
                  formatter: (p: { data: { text: string; at: string } }) => `${esc(fmtDateTime(p.data.at))}<br/>${esc(p.data.text)}`,
                },
                data: marks.map((m) => ({ xAxis: Date.parse(m.at), at: m.at, text: m.text })),
              }
            : undefined,
        },
        ...edges.map((data) => ({
          ...line,
          name: 'partial',
          data,
          showSymbol: false,
          lineStyle: { width: 2, color: pal.series, type: 'dashed' },
          itemStyle: { color: pal.series },
          z: 3,
        })),
        {
          ...line,
          name: 'previous',
          data: prev,
          showSymbol: false,
          lineStyle: { width: 1.5, color: pal.previous, type: [5, 4] },
          itemStyle: { color: pal.previous },
          z: 2,
        },
      ],
    };
  }, [points, previous, shiftMs, partialFirst, partialLast, axis, phrase, integer, pal, tz, marks]);
  const select = (x: number) => {
    const hit = [...points].reverse().find((p) => Date.parse(p.timestamp) <= x);
    if (hit && onSelect) onSelect(hit.timestamp);
  };
  return <EChart option={option} height={height} label={label} onGridClick={onSelect ? select : undefined} onGridDrag={onZoom} />;
}
