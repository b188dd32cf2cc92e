// Attacker geography on a US choropleth: us-atlas (Census Bureau TopoJSON, pre-projected
// Albers USA with Alaska and Hawaii inset) through topojson-client into an ECharts map.

import { useQuery } from '@tanstack/react-query';
import { MapChart } from 'echarts/charts';
import { useMemo } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlasUrl from 'us-atlas/states-albers-10m.json?url';
import { fmtInt, fmtPct } from '../lib/format';
import { codeByFips, stateName } from '../lib/states';
import type { GeoItem } from '../lib/types';
import { Loading } from '../components/states';
import { baseText, echarts, esc, tooltipBase, usePalette } from './core';
import { EChart } from './EChart';

echarts.use([MapChart]);

const MAP = 'us-albers';

async function fetchAtlas(): Promise<true> {
  const res = await fetch(atlasUrl);
  if (!res.ok) throw new Error('The US map could not be loaded.');
  const topo = (await res.json()) as Topology<{ states: GeometryCollection<{ name: string }> }>;
  const geo = feature(topo, topo.objects.states);
  for (const f of geo.features) (f.properties as Record<string, unknown>).code = codeByFips.get(String(f.id)) ?? String(f.id);
  echarts.registerMap(MAP, geo as never);
  return true;
}

// Starts with the module; a failure is retried once by the query below.
let atlasPromise: Promise<true> | null = null;
const loadAtlas = () => {
  atlasPromise ??= fetchAtlas().catch((err) => {
    atlasPromise = null;
    throw err;
  });
  return atlasPromise;
};
void loadAtlas().catch(() => {});

// The atlas is already projected to screen coordinates (y down), so no projection is applied.
const identity = { project: (p: number[]) => p, unproject: (p: number[]) => p };

interface Props {
  items: GeoItem[];
  height: number;
  onSelect?: (state: string) => void;
}

export default function UsMap({ items, height, onSelect }: Props) {
  const atlas = useQuery({ queryKey: ['atlas'], queryFn: loadAtlas, staleTime: Infinity, gcTime: Infinity, retry: 1 });
  const pal = usePalette();
  const option = useMemo(() => {
    const total = items.reduce((s, i) => s + i.count, 0);
    const max = items.reduce((m, i) => Math.max(m, i.count), 0);
    const byState = new Map(items.map((i) => [i.state, i]));
    return {
      // No entry animation: its frames would repaint every chart while the others load.
      animation: false,
      tooltip: {
        ...tooltipBase(pal),
        trigger: 'item',
        formatter: (p: { name: string }) => {
          const it = byState.get(p.name);
          const head = `<strong>${esc(stateName(p.name))}</strong>`;
          if (!it) return `${head}<br/>No calls`;
          const codes =
            it.area_codes.length > 12
              ? `${it.area_codes.slice(0, 12).join(', ')} +${it.area_codes.length - 12} more`
              : it.area_codes.join(', ');
          return `${head}<br/>${esc(fmtInt(it.count))} calls (${esc(fmtPct(total ? it.count / total : 0))})<br/>Area codes: ${esc(codes || '—')}`;
        },
      },
      visualMap: {
        min: 0,
        max: Math.max(1, max),
        left: 8,
        bottom: 8,
        orient: 'horizontal',
        itemHeight: 110,
        itemWidth: 10,
        text: [fmtInt(max), '0'],
        textStyle: baseText(pal),
        calculable: false,
        inRange: { color: pal.scale },
      },
      series: [
        {
          type: 'map',
          map: MAP,
          nameProperty: 'code',
          projection: identity,
          roam: false,
          // The box the map is fitted into (aspect kept); the legend sits below it.
          left: 4,
          right: 4,
          top: 4,
          bottom: 36,
          aspectScale: 1,
          itemStyle: { areaColor: pal.empty, borderColor: pal.panel, borderWidth: 0.8 },
          emphasis: { label: { show: false }, itemStyle: { areaColor: '#f59e0b' } },
          select: { disabled: true },
          label: { show: false },
          data: items.map((i) => ({ name: i.state, value: i.count })),
        },
      ],
    };
  }, [items, pal]);

  if (atlas.isPending) return <Loading label="Loading the map" height={height} />;
  if (atlas.isError) return <p className="state state-error">{(atlas.error as Error).message}</p>;
  return (
    <EChart
      option={option}
      height={height}
      label={`Map of the United States shaded by number of calls per caller-ID state; ${items.length} states have calls.`}
      onClick={onSelect ? (p) => p.name && onSelect(p.name) : undefined}
    />
  );
}
