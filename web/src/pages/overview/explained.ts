// The panels the agent can explain: the chart id their Explain button sends is the panel's own
// id (its data-panel), followed by the figure chosen in the panel where there is a choice.

/** Panel props `testId` and `explain` of a panel named `id`, showing `figure` ("timeseries:hook_rate"). */
export const explainedPanel = (id: string, figure?: string) => ({ testId: id, explain: figure === undefined ? id : `${id}:${figure}` });
