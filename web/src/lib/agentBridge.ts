// Lets any panel hand a question to the agent panel (which lives in its own lazy chunk).

export const OPEN_AGENT_EVENT = 'hp:open-agent';

export function askAgentAbout(chartId: string, dashboardRange: string | undefined, question = 'Explain this chart'): void {
  window.dispatchEvent(new CustomEvent(OPEN_AGENT_EVENT));
  void import('../agent/store').then((m) => m.ask(question, { contextChartId: chartId, dashboardRange }));
}
