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
}

export function EChart({ option, height, label, onClick, onGridClick }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const click = useRef(onClick);
  click.current = onClick;
  const gridClick = useRef(onGridClick);
  gridClick.current = onGridClick;

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
    // A line has no bars to hit: the point under the pointer is read from the plot area itself.
    c.getZr().on('click', (e) => {
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
      style={{ height, cursor: onClick || onGridClick ? 'pointer' : undefined }}
      role="img"
      aria-label={label}
    />
  );
}
