// ECharts from `echarts/core`: only the renderer and components the dashboard uses. Each
// chart component registers its own chart type, so the bundle holds nothing unused.

import { GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([CanvasRenderer, GridComponent, TooltipComponent, VisualMapComponent]);

export { echarts };

export const COLORS = {
  series: '#2563eb',
  seriesSoft: '#93c5fd',
  accent: '#b45309',
  grid: '#e5e7eb',
  text: '#374151',
  muted: '#6b7280',
};

export const baseText = { color: COLORS.muted, fontSize: 11, fontFamily: 'inherit' };

export const tooltipBase = {
  backgroundColor: '#111827',
  borderWidth: 0,
  textStyle: { color: '#f9fafb', fontSize: 12 },
  extraCssText: 'border-radius:6px;box-shadow:0 4px 12px rgba(0,0,0,.2);',
};

/** Escapes text that goes into an HTML tooltip (labels are data from calls). */
export const esc = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
