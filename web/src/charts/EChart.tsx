import { useEffect, useRef } from 'react';
import type { EChartsCoreOption, ECharts } from 'echarts/core';
import { echarts } from './core';

interface Props {
  option: EChartsCoreOption;
  height: number;
  /** Describes the chart for screen readers; the numbers are in the panel's data table. */
  label: string;
  onClick?: (params: { name?: string; data?: unknown; dataIndex?: number }) => void;
  /** A click anywhere in the plot area, with the x axis' value there (a time axis: milliseconds). */
  onGridClick?: (x: number) => void;
  /** A stretch dragged across the plot area (Grafana's drag-to-zoom): the x values at both ends, in order. */
  onGridDrag?: (from: number, to: number) => void;
}

/** Below this many pixels a press and release is a click, not a drag. */
const DRAG_MIN_PX = 6;

export function EChart({ option, height, label, onClick, onGridClick, onGridDrag }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const click = useRef(onClick);
  click.current = onClick;
  const gridClick = useRef(onGridClick);
  gridClick.current = onGridClick;
  const gridDrag = useRef(onGridDrag);
  gridDrag.current = onGridDrag;

  useEffect(() => {
    const node = el.current!;
    const c = echarts.init(node, null, { renderer: 'canvas' });
    chart.current = c;
    // A click may unmount this chart (a drill-down re-renders the page): run it after ECharts has
    // finished handling the event, never inside it, or the disposed painter is read afterwards
    // (the intermittent "reading 'layerStack'" TypeError).
    c.on('click', (p) => {
      setTimeout(() => click.current?.(p as never), 0);
    });
    // Drag-to-zoom: the stretch pressed across is shaded while dragging, and reported on release.
    const xAt = (px: number, py: number) => (c.convertFromPixel({ gridIndex: 0 }, [px, py]) as number[])[0];
    let down: { px: number; py: number } | null = null;
    let dragged = false;
    const shade = document.createElement('div');
    shade.className = 'echart-drag';
    shade.hidden = true;
    node.appendChild(shade);
    const zr = c.getZr();
    zr.on('mousedown', (e) => {
      dragged = false;
      down =
        gridDrag.current && !c.isDisposed() && c.containPixel('grid', [e.offsetX, e.offsetY]) ? { px: e.offsetX, py: e.offsetY } : null;
    });
    zr.on('mousemove', (e) => {
      if (!down) return;
      const w = Math.abs(e.offsetX - down.px);
      shade.hidden = w < DRAG_MIN_PX;
      shade.style.left = `${Math.min(e.offsetX, down.px)}px`;
      shade.style.width = `${w}px`;
    });
    const release = (e: { offsetX: number }) => {
      if (!down) return;
      const from = down;
      down = null;
      shade.hidden = true;
      if (Math.abs(e.offsetX - from.px) < DRAG_MIN_PX || c.isDisposed()) return;
      dragged = true;
      const [a, b] = [xAt(from.px, from.py), xAt(e.offsetX, from.py)].sort((p, q) => p - q);
      if (Number.isFinite(a) && Number.isFinite(b)) setTimeout(() => gridDrag.current?.(a, b), 0);
    };
    zr.on('mouseup', release);
    zr.on('globalout', () => {
      down = null;
      shade.hidden = true;
    });
    // A line has no bars to hit: the point under the pointer is read from the plot area itself.
    zr.on('click', (e) => {
      // The click that ends a drag is the drag's, not a point's.
      if (dragged) {
        dragged = false;
        return;
      }
      if (!gridClick.current || c.isDisposed() || !c.containPixel('grid', [e.offsetX, e.offsetY])) return;
      const [x] = c.convertFromPixel({ gridIndex: 0 }, [e.offsetX, e.offsetY]) as number[];
      if (Number.isFinite(x)) setTimeout(() => gridClick.current?.(x), 0);
    });
    // The observer also fires once on start; only a real change of size needs a re-layout.
    let size = `${node.clientWidth}x${node.clientHeight}`;
    const ro = new ResizeObserver(() => {
      const next = `${node.clientWidth}x${node.clientHeight}`;
      if (next === size || c.isDisposed()) return;
      size = next;
      c.resize();
    });
    ro.observe(node);
    return () => {
      ro.disconnect();
      shade.remove();
      if (!c.isDisposed()) c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const c = chart.current;
    if (c && !c.isDisposed()) c.setOption(option, { notMerge: true, lazyUpdate: false });
  }, [option]);

  return (
    <div
      ref={el}
      className="echart"
      style={{ height, cursor: onGridDrag ? 'crosshair' : onClick || onGridClick ? 'pointer' : undefined }}
      role="img"
      aria-label={label}
    />
  );
}
