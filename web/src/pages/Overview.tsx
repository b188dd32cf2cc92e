import { PageHeader } from '../components/PageHeader';
import { WindowPicker } from '../components/WindowPicker';
import { useKpi } from '../lib/kpi';
import type { Summary } from '../lib/types';
import { SummaryCards } from './overview/Cards';
import {
  ArrivalsPanel,
  AskHistogramPanel,
  DisconnectPanel,
  DurationHistogramPanel,
  GeoPanel,
  LiveCallsPanel,
  Tier1Panel,
  TimeseriesPanel,
  TopNPanel,
} from './overview/panels';

export default function Overview() {
  const summary = useKpi<Summary>('/api/kpis/summary');
  return (
    <div className="page page-overview">
      <PageHeader title="Overview" actions={<WindowPicker resolved={summary.data?.range} />} />
      <SummaryCards q={summary} />
      <div className="grid">
        <TimeseriesPanel />
        <DisconnectPanel />
        <ArrivalsPanel />
        <TopNPanel />
        <GeoPanel />
        <DurationHistogramPanel />
        <AskHistogramPanel />
        <LiveCallsPanel />
        <Tier1Panel />
      </div>
    </div>
  );
}
