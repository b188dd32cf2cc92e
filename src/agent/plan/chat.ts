// Conversational replies of the built-in agent: no tool, one `none` source, and no digit
// (no number without a tool result).

import type { ChatReply } from './intents.js';

const EXAMPLES =
  '"How many calls did we get this week?", "What is the hook rate over the last month?", "Which brands are impersonated most?", ' +
  '"How much money did they ask for yesterday?", "Where are they calling from?", "Show the latest tier-one calls", ' +
  '"How many calls are active right now?", "Compare this week with last week", "Is the hook rate going up?"';

export const CHAT: Record<ChatReply, string> = {
  greeting: `Hello! I answer questions about the calls your honeypot received, from your own data. Try for example: ${EXAMPLES}.`,
  thanks: 'You are welcome. Ask me anything else about your honeypot calls.',
  help:
    'I answer questions about your honeypot calls using the same figures as the dashboard: counts, hook rate, call lengths, ' +
    'dollars asked and dangled, tiers, the most frequent brands, scam types, banks, gift cards, crypto chains and other intel, ' +
    `where callers are calling from, why calls ended, live calls, and single calls by their SID. For example: ${EXAMPLES}.`,
  decline: `I can't answer that from this data. I can answer questions about your honeypot calls, for example: ${EXAMPLES}.`,
  other_orgs:
    "I can't answer that from this data: I only read the calls your key can see (your organisation, and your key's slice of it), " +
    `and nothing in a question or a transcript changes that. For example, ask: ${EXAMPLES}.`,
  future: `I can't answer that from this data: it holds calls that already happened, so I can't predict future calls. For example, ask: ${EXAMPLES}.`,
  breakdown:
    "I can't answer that from this data: the figures I can read are not broken down that way. I can give a figure for a window, " +
    `a figure per day or hour, or the most frequent values of a field. For example: ${EXAMPLES}.`,
  live_tier:
    "I can't answer that from this data: live calls get their intel tier only once they have ended and been analysed. " +
    'Ask me about them again after they finish.',
  geo_outside:
    "I can't answer that from this data: caller geography covers US states and territories only (from the caller ID area code); " +
    'toll-free, Canadian and other non-US numbers are left out. Ask "Where are they calling from?" for the US breakdown.',
  which_call:
    "I can't answer that from this data: the figures are totals over a window and don't say which call a value came from. " +
    'Ask for the figure itself, list calls (for example the tier-one calls, or calls mentioning a word), or ask about one call by its SID.',
};
