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
  /** A drag from one item (a heat map's cell) to another: the data of the item pressed and of the item released on. */
  onCellDrag?: (from: unknown, to: unknown) => void;
}

/** Below this many pixels a press and release is a click, not a drag. */
const DRAG_MIN_PX = 6;

// Charts are drawn one at a time, each in a task of its own, not all inside the React commit
// that brings the overview's data: drawn there, the overview's eight charts made one task of
// most of a second, during which the page could not paint or answer input.
const paints: (() => void)[] = [];
const channel = typeof MessageChannel === 'undefined' ? null : new MessageChannel();
let paintsQueued = false;
function runPaints(): void {
  const started = performance.now();
  // Several small charts may share a task; a large one ends it.
  while (paints.length > 0 && performance.now() - started < 30) paints.shift()!();
  if (paints.length > 0) channel!.port2.postMessage(0);
  else paintsQueued = false;
}
if (channel) channel.port1.onmessage = runPaints;
function queuePaint(paint: () => void): void {
  if (!channel) return paint();
  paints.push(paint);
  if (!paintsQueued) {
    paintsQueued = true;
    channel.port2.postMessage(0);
  }
}

export function EChart({ option, height, label, onClick, onGridClick, onGridDrag, onCellDrag }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const click = useRef(onClick);
  click.current = onClick;
  const gridClick = useRef(onGridClick);
  gridClick.current = onGridClick;
  const gridDrag = useRef(onGridDrag);
  gridDrag.current = onGridDrag;
  const cellDrag = useRef(onCellDrag);
  cellDrag.current = onCellDrag;

  useEffect(() => {
    const node = el.current!;
    const c = echarts.init(node, null, { renderer: 'canvas' });
    chart.current = c;
    // A click may unmount this chart (a drill-down re-renders the page): run it after ECharts has
    // finished handling the event, never inside it, or the disposed painter is read afterwards
    // (the intermittent "reading 'layerStack'" TypeError).
    c.on('click', (p) => {
      // The click that ends a drag is the drag's, not a cell's.
      if (dragged) return;
      setTimeout(() => click.current?.(p as never), 0);
    });
    // Drag-to-zoom: the stretch pressed across is shaded while dragging, and reported on release.
    const at = (px: number, py: number) => c.convertFromPixel({ gridIndex: 0 }, [px, py]) as number[];
    let down: { px: number; py: number } | null = null;
    // Set by a drag, cleared by the next press: the click that ends a drag selects nothing.
    let dragged = false;
    // The item under the pointer, as ECharts hit-tests it (the one its tooltip shows), and the one pressed.
    let hovered: unknown = null;
    let pressed: unknown = null;
    c.on('mouseover', (p) => {
      hovered = (p as { data?: unknown }).data ?? null;
    });
    c.on('mouseout', () => {
      hovered = null;
    });
    const shade = document.createElement('div');
    shade.className = 'echart-drag';
    shade.hidden = true;
    node.appendChild(shade);
    const zr = c.getZr();
    zr.on('mousedown', (e) => {
      dragged = false;
      pressed = hovered;
      down =
        (gridClick.current || gridDrag.current || cellDrag.current) && !c.isDisposed() && c.containPixel('grid', [e.offsetX, e.offsetY])
          ? { px: e.offsetX, py: e.offsetY }
          : null;
    });
    // A time axis is dragged along x; a grid of cells in any direction.
    const moved = (e: { offsetX: number; offsetY: number }, from: { px: number; py: number }) =>
      cellDrag.current ? Math.max(Math.abs(e.offsetX - from.px), Math.abs(e.offsetY - from.py)) : Math.abs(e.offsetX - from.px);
    zr.on('mousemove', (e) => {
      if (!down || !(gridDrag.current || cellDrag.current)) return;
      shade.hidden = moved(e, down) < DRAG_MIN_PX;
      shade.style.left = `${Math.min(e.offsetX, down.px)}px`;
      shade.style.width = `${Math.abs(e.offsetX - down.px)}px`;
      if (cellDrag.current) {
        shade.style.top = `${Math.min(e.offsetY, down.py)}px`;
        shade.style.height = `${Math.abs(e.offsetY - down.py)}px`;
        shade.style.bottom = 'auto';
      }
    });
    const release = (e: { offsetX: number; offsetY: number }) => {
      if (!down) return;
      const from = down;
      down = null;
      shade.hidden = true;
      if (c.isDisposed()) return;
      if (moved(e, from) < DRAG_MIN_PX) {
        // A press and release in place is a click on the plot area. Read here, not from zrender's
        // click, which is dropped when a repaint swaps the element under the pointer between the
        // press and the release (a refresh landing mid-click lost the click).
        const [x] = at(e.offsetX, e.offsetY);
        if (gridClick.current && Number.isFinite(x)) setTimeout(() => gridClick.current?.(x), 0);
        return;
      }
      if (!gridDrag.current && !cellDrag.current) return;
      dragged = true;
      if (cellDrag.current) {
        const [p, q] = [pressed, hovered];
        if (p !== null && q !== null) setTimeout(() => cellDrag.current?.(p, q), 0);
        return;
      }
      const [a, b] = [at(from.px, from.py)[0], at(e.offsetX, from.py)[0]].sort((p, q) => p - q);
      if (Number.isFinite(a) && Number.isFinite(b)) setTimeout(() => gridDrag.current?.(a, b), 0);
    };
    zr.on('mouseup', release);
    zr.on('globalout', () => {
      down = null;
      shade.hidden = true;
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
    // zrender paints a long list over several frames, and the next frame's part does not check
    // whether the chart was disposed meanwhile: it reads the emptied painter (the intermittent
    // "reading 'layerStack'" TypeError, seen when a page left a chart mid-paint on a slow
    // machine). That part stops when the painter's redraw id is no longer its own.
    const painter = zr.painter as unknown as { _redrawId?: number };
    return () => {
      ro.disconnect();
      shade.remove();
      if (!c.isDisposed()) c.dispose();
      painter._redrawId = NaN;
      chart.current = null;
    };
  }, []);

  // The option to draw next; a newer one replaces it before it is drawn. The element says
  // whether its latest option is drawn (data-drawn), for tests and timing.
  const next = useRef<EChartsCoreOption | null>(null);
  useEffect(() => {
    const node = el.current!;
    const queued = next.current !== null;
    next.current = option;
    node.removeAttribute('data-drawn');
    if (queued) return;
    queuePaint(() => {
      const c = chart.current;
      const o = next.current;
      next.current = null;
      if (!c || c.isDisposed() || !o) return;
      c.setOption(o, { notMerge: true, lazyUpdate: false });
      node.setAttribute('data-drawn', '');
    });
  }, [option]);

  return (
    <div
      ref={el}
      className="echart"
      style={{ height, cursor: onGridDrag || onCellDrag ? 'crosshair' : onClick || onGridClick ? 'pointer' : undefined }}
      role="img"
      aria-label={label}
    />
  );
}
