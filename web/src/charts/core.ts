// ECharts from `echarts/core`: only the renderer and components the dashboard uses. Each
// chart component registers its own chart type, so the bundle holds nothing unused.
// Colours follow the system's light or dark scheme (the page's CSS does the same).

import { GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useSyncExternalStore } from 'react';

echarts.use([CanvasRenderer, GridComponent, TooltipComponent, VisualMapComponent]);

export { echarts };

export interface Palette {
  dark: boolean;
  series: string;
  seriesSoft: string;
  seriesArea: string;
  previous: string;
  accent: string;
  grid: string;
  text: string;
  muted: string;
  panel: string;
  empty: string;
  /** Low → high, for choropleths and heat maps. */
  scale: string[];
  heat: string[];
}

type Colours = Omit<Palette, 'dark'>;

/** Each colour as [light, dark], side by side so the two schemes stay in step. */
const COLOURS: { [K in keyof Colours]: [Colours[K], Colours[K]] } = {
  series: ['#2563eb', '#60a5fa'],
  seriesSoft: ['#93c5fd', '#1e40af'],
  seriesArea: ['rgba(37,99,235,0.10)', 'rgba(96,165,250,0.14)'],
  previous: ['#6b7280', '#9ca3af'],
  accent: ['#b45309', '#f59e0b'],
  grid: ['#e5e7eb', '#334155'],
  text: ['#374151', '#e5e7eb'],
  muted: ['#6b7280', '#9ca3af'],
  panel: ['#ffffff', '#111827'],
  empty: ['#f3f4f6', '#1f2937'],
  scale: [
    ['#dbeafe', '#93c5fd', '#3b82f6', '#1d4ed8', '#1e3a8a'],
    ['#1e3a5f', '#1d4ed8', '#3b82f6', '#93c5fd', '#dbeafe'],
  ],
  heat: [
    ['#f8fafc', '#fde68a', '#f59e0b', '#b45309', '#78350f'],
    ['#1f2937', '#78350f', '#b45309', '#f59e0b', '#fde68a'],
  ],
};

const scheme = (dark: boolean): Palette => ({
  dark,
  ...(Object.fromEntries(Object.entries(COLOURS).map(([name, pair]) => [name, pair[dark ? 1 : 0]])) as Colours),
});
const LIGHT = scheme(false);
const DARK = scheme(true);

const query = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
const subscribe = (l: () => void) => {
  query?.addEventListener('change', l);
  return () => query?.removeEventListener('change', l);
};

/** The palette of the system's colour scheme; charts re-render when it changes. */
export function usePalette(): Palette {
  return useSyncExternalStore(subscribe, () => (query?.matches ? DARK : LIGHT));
}

export const baseText = (p: Palette) => ({ color: p.muted, fontSize: 11, fontFamily: 'inherit' });

export const tooltipBase = (p: Palette) => ({
  backgroundColor: p.dark ? '#f9fafb' : '#111827',
  borderWidth: 0,
  textStyle: { color: p.dark ? '#111827' : '#f9fafb', fontSize: 12 },
  extraCssText: 'border-radius:6px;box-shadow:0 4px 12px rgba(0,0,0,.2);',
});

/** Escapes text that goes into an HTML tooltip (labels are data from calls). */
export const esc = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
