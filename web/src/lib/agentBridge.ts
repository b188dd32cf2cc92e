// Lets any panel hand a question to the agent panel. The panel's code is a lazy chunk above
// this layer: opening the panel loads it, and its store then takes the questions asked so far
// (answerAgentQuestions), so nothing here imports the agent.

export const OPEN_AGENT_EVENT = 'hp:open-agent';

type AskArgs = [question: string, opts: { contextChartId: string; dashboardRange?: string }];

let asker: ((...args: AskArgs) => unknown) | null = null;
const waiting: AskArgs[] = [];

export function askAgentAbout(chartId: string, dashboardRange: string | undefined, question = 'Explain this chart'): void {
  window.dispatchEvent(new CustomEvent(OPEN_AGENT_EVENT));
  const args: AskArgs = [question, { contextChartId: chartId, dashboardRange }];
  if (asker) void asker(...args);
  else waiting.push(args);
}

/** Called once by the agent's store when it loads: it answers the waiting questions and the next ones. */
export function answerAgentQuestions(ask: (...args: AskArgs) => unknown): void {
  asker = ask;
  for (const args of waiting.splice(0)) void ask(...args);
}
