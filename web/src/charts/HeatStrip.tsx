import { HeatmapChart } from 'echarts/charts';
import { MarkPointComponent } from 'echarts/components';
import { useMemo } from 'react';
import { dayKey, fmtDate, fmtInt, fmtTime, minuteOfDay, timeZoneMode, tzLabel } from '../lib/format';
import { baseText, echarts, esc, tooltipBase, usePalette } from './core';
import { EChart } from './EChart';

echarts.use([HeatmapChart, MarkPointComponent]);

const SLOTS = 96;
const QUARTER_HOUR = 15 * 60_000;
const slotLabel = (i: number) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
const SLOT_LABELS = Array.from({ length: SLOTS }, (_, i) => slotLabel(i));

interface Props {
  buckets: { bucket_start_utc: string; count: number }[];
  label: string;
  /** A cell was selected: the start of its quarter hour (RFC 3339 UTC). */
  onSelect?: (bucketStart: string) => void;
  /** Moments marked with a note (annotations): a pin on the quarter hour of each. */
  marks?: { at: string; text: string }[];
  /**
   * Cells dragged across (drag-to-zoom): from the start of the earlier of the two cells to the
   * end of the later (reading order, day by day, is time order), ms.
   */
  onZoom?: (fromMs: number, toMs: number) => void;
}

/** Arrivals per 15 minutes: one row per day (UTC or local), one cell per quarter hour. */
export function HeatStrip({ buckets, label, onSelect, marks, onZoom }: Props) {
  const pal = usePalette();
  const tz = timeZoneMode();
  const { option, height } = useMemo(() => {
    const text = baseText(pal);
    const days: string[] = [];
    const dayIndex = new Map<string, number>();
    const dayLabel = new Map<string, string>();
    const cells: [number, number, number, string][] = [];
    let max = 0;
    for (const b of buckets) {
      const day = dayKey(b.bucket_start_utc);
      let row = dayIndex.get(day);
      if (row === undefined) {
        row = days.length;
        dayIndex.set(day, row);
        days.push(day);
        dayLabel.set(day, fmtDate(b.bucket_start_utc));
      }
      const slot = Math.floor(minuteOfDay(b.bucket_start_utc) / 15);
      cells.push([slot, row, b.count, b.bucket_start_utc]);
      if (b.count > max) max = b.count;
    }
    // Notes: on the cell of their quarter hour, when the strip holds it.
    const pins = (marks ?? []).flatMap((m) => {
      const row = dayIndex.get(dayKey(m.at));
      if (row === undefined) return [];
      const note = `${esc(fmtDate(m.at))}, ${esc(fmtTime(m.at))}<br/>${esc(m.text)}`;
      return [{ coord: [Math.floor(minuteOfDay(m.at) / 15), row], note }];
    });
    const rowH = days.length <= 2 ? 28 : days.length <= 8 ? 18 : 11;
    const height = days.length * rowH + 64;
    const option = {
      animation: false,
      // Rows, cells and tooltips are days and times in the chosen zone (dayKey, minuteOfDay):
      // ECharts formats in the same one, as in Line.
      useUTC: tz === 'utc',
      grid: { left: 8, right: 12, top: 4, bottom: 40, containLabel: true },
      tooltip: {
        ...tooltipBase(pal),
        formatter: (p: { data: [number, number, number, string] | { note: string } }) => {
          if (!Array.isArray(p.data)) return p.data.note;
          const [, , count, start] = p.data;
          return `${esc(fmtDate(start))}, ${esc(fmtTime(start))}–${esc(fmtTime(new Date(Date.parse(start) + 15 * 60_000)))} ${esc(tzLabel(new Date(start)))}<br/><strong>${esc(fmtInt(count))}</strong> calls`;
        },
      },
      xAxis: {
        type: 'category',
        data: SLOT_LABELS,
        splitArea: { show: false },
        axisTick: { show: false },
        axisLine: { show: false },
        axisLabel: { ...text, interval: 11 },
      },
      yAxis: {
        type: 'category',
        data: days.map((d) => dayLabel.get(d) ?? d),
        inverse: true,
        axisTick: { show: false },
        axisLine: { show: false },
        axisLabel: { ...text, interval: days.length > 16 ? 2 : 0 },
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
        textStyle: text,
        inRange: { color: pal.heat },
      },
      series: [
        {
          type: 'heatmap',
          data: cells,
          itemStyle: { borderColor: pal.panel, borderWidth: rowH > 12 ? 1 : 0.5 },
          emphasis: { itemStyle: { borderColor: pal.text, borderWidth: 1 } },
          progressive: 0,
          markPoint: pins.length
            ? {
                symbol: 'pin',
                symbolSize: 22,
                animation: false,
                itemStyle: { color: pal.accent },
                label: { show: false },
                data: pins,
              }
            : undefined,
        },
      ],
    };
    return { option, height };
  }, [buckets, pal, tz, marks]);
  // Reading order is time order: the earlier cell's start to the later cell's end.
  const startOf = (d: unknown) => (Array.isArray(d) && typeof d[3] === 'string' ? Date.parse(d[3]) : NaN);
  const zoom = (p: unknown, q: unknown) => {
    const [a, b] = [startOf(p), startOf(q)].sort((x, y) => x - y);
    if (Number.isFinite(a) && Number.isFinite(b) && onZoom) onZoom(a, b + QUARTER_HOUR);
  };
  return (
    <EChart
      option={option}
      height={height}
      label={label}
      onClick={onSelect ? (p) => Array.isArray(p.data) && typeof p.data[3] === 'string' && onSelect(p.data[3]) : undefined}
      onCellDrag={onZoom ? zoom : undefined}
    />
  );
}
