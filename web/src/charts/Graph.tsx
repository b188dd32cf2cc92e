// A network of calls and the identifiers that join them (a campaign's graph): an ECharts graph
// series with a force layout computed once, without animation (it never moves under the pointer).

import { GraphChart } from 'echarts/charts';
import { useMemo } from 'react';
import { baseText, echarts, esc, tooltipBase, usePalette } from './core';
import { EChart } from './EChart';

echarts.use([GraphChart]);

export interface GraphNode {
  id: string;
  label: string;
  /** 'call', or the identifier's kind. */
  kind: string;
}

interface Props {
  nodes: GraphNode[];
  edges: [string, string][];
  height: number;
  label: string;
  /** A node was selected (its id). */
  onSelect?: (id: string) => void;
}

export function Graph({ nodes, edges, height, label, onSelect }: Props) {
  const pal = usePalette();
  const option = useMemo(() => {
    const kinds = [...new Set(nodes.map((n) => n.kind))];
    const colours = [pal.series, pal.accent, '#16a34a', '#9333ea', '#db2777', '#0891b2', pal.previous];
    return {
      animation: false,
      tooltip: {
        ...tooltipBase(pal),
        formatter: (p: { dataType: string; data: { name: string; kind?: string } }) =>
          p.dataType === 'node' ? `${esc(p.data.kind === 'call' ? 'Call' : p.data.kind)}<br/><strong>${esc(p.data.name)}</strong>` : '',
      },
      legend: undefined,
      series: [
        {
          type: 'graph',
          layout: 'force',
          force: { repulsion: 60, edgeLength: [20, 60], gravity: 0.12, layoutAnimation: false },
          roam: true,
          draggable: false,
          categories: kinds.map((k, i) => ({ name: k, itemStyle: { color: colours[i % colours.length] } })),
          label: { show: false, ...baseText(pal) },
          lineStyle: { color: pal.grid, width: 1.2, opacity: 0.9 },
          emphasis: { focus: 'adjacency', label: { show: true } },
          data: nodes.map((n) => ({
            id: n.id,
            name: n.label,
            kind: n.kind,
            category: kinds.indexOf(n.kind),
            symbol: n.kind === 'call' ? 'circle' : 'diamond',
            symbolSize: n.kind === 'call' ? 9 : 15,
          })),
          links: edges.map(([source, target]) => ({ source, target })),
        },
      ],
    };
  }, [nodes, edges, pal]);
  return (
    <EChart
      option={option}
      height={height}
      label={label}
      onClick={onSelect ? (p) => p.data && onSelect((p.data as { id: string }).id) : undefined}
    />
  );
}
