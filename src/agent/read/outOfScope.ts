// What the agent cannot do, declined in one sentence that says what it can answer instead,
// before any tool runs: actions on the world, live prices and markets, writing code,
// personal data the service does not hold, and general knowledge. One table of rules: a cue
// that names the request, a guard that keeps questions about the calls in scope ("which
// scammers asked the victim to call back", "did anyone mention the bitcoin price"), and the
// sentence. The replies hold no digit: a decline gives no figure.

export interface DeclineRule {
  topic: string;
  cue: RegExp;
  /** True when the question is about the calls after all (then it is not declined). */
  guard?: (text: string) => boolean;
  reply: string;
  /** Phrasings the rule declines (tests read them). */
  examples: string[];
}

/** A question about what callers said, asked or did: data, whatever words it quotes. */
const ABOUT_CALLS =
  /\b(?:how many|which|what (?:share|percent|percentage|fraction|number)|did (?:any|anyone|anybody|they|scammers?|callers?)|were there|was there|mention\w*|said|say|talk\w*|ask\w*|want\w*|demand\w*|pretend\w*|claim\w*|impersonat\w*|transcripts?|calls?|callers?|scammers?|personas?)\b/;
/** "Can you", "please", "I want you to": a request addressed to the agent. */
const REQUEST = String.raw`^(?:(?:ok(?:ay)?|hey|so|now|then|and)[, ]+)?(?:please |pls |can you |could you |would you |will you |i (?:want|need) you to |go ahead and |help me |let'?s |i want to |i need to )?(?:please )?`;
/** What an action is done to ("call volume", "report on calls" are not actions). */
const OBJECT = String.raw`(?:th(?:is|ese|ose|em|at|eir)|the|all|every|each|him|her|it|them|our|my|back|a|an|some|any|everyone|someone|somebody|people|police|fbi|ftc|cops|authorities|bank|banks|accounts?|wallets?|numbers?|cards?|sites?|urls?|domains?|callers?|scammers?|me|us|[+]?\d+|\$[\d,.]+k?|money|funds|cash|(?:a |the )?payment)`;
const request = (verbs: string) => new RegExp(`${REQUEST}(?:${verbs}) ${OBJECT}\\b`);
/** "report the hook rate", "send me the figures": a request for data, not an action. */
const DATA_REQUEST =
  /^(?:send|forward) (?:me|us)\b|\b(?:hook rate|how many|figures?|stats?|statistics|count|total|summary|overview|trend|breakdown|top \w+|numbers? (?:of|for|on) (?:calls|this|last)|calls? (?:from|this|last|today|yesterday))\b/;

const cannot = (what: string, instead: string) =>
  `I can't answer that from this data: ${what}, but I can answer questions about your honeypot's calls, for example ${instead}.`;

const ACTION_REPLY = cannot(
  "I only read the calls your honeypot received and can't act on anything (freeze or block accounts, report, call, email or take down)",
  'which mule accounts, wallets or phishing URLs were seen this week, to act on yourself',
);

export const DECLINE_RULES: readonly DeclineRule[] = [
  {
    // Verbs that act on the world, first in the question ("email the list to the FBI"): the agent only reads.
    topic: 'action',
    cue: /^(?:please |can you |could you |go ahead and )?(?:e-? ?mail|forward|post|text|sms|notify|upload|print|fax|call|phone|ring|block|ban|sue|arrest|hack|dox)\b(?! me\b)|^(?:please |can you |could you )?(?:send|share|export|forward) (?:it|this|that|these|those|them|the (?:list|results?|data|table|calls|numbers|report|transcripts?))\b|^(?:please |can you |could you )?(?:send|share|export)\b(?! of\b).*\b(?:to|with) (?!me\b|us\b)\S/,
    // "call volume", "text of the call", "print count": nouns of the data, not verbs.
    guard: (t) =>
      DATA_REQUEST.test(t) ||
      /^(?:call|phone|text|post|print|block|ban)s? (?:volume|counts?|lengths?|durations?|logs?|records?|lists?|data|numbers?|times?|per|by|stats?|trends?|totals?|activity|history|of)\b/.test(
        t,
      ),
    reply: ACTION_REPLY,
    examples: ['forward the list to the fbi', 'ban these callers'],
  },
  {
    // Lists kept elsewhere: adding a value to a block list or a watch list is an action.
    topic: 'action',
    cue: /\b(?:add|put|place|enter|include|submit|push|list)\b.{0,60}\b(?:on|to|in|into|onto) (?:our|the|a|my|their|your|its|an) (?:[a-z']+ ){0,2}(?:block ?list|black ?list|deny ?list|watch ?list|hot ?list|ban list|allow ?list|do[- ]not[- ]call list|fraud list|database|system|crm|case file)\b/,
    guard: (t) => /^(?:how many|which|what|did|were|was|is|are|show|list (?:the|all)|count)\b/.test(t),
    reply: ACTION_REPLY,
    examples: ['put that wallet on our watch list', 'add these numbers to the block list'],
  },
  {
    topic: 'action',
    cue: request(
      'freeze|unfreeze|block|unblock|lock|unlock|disable|deactivate|blacklist|ban|suspend|seize|shut down|take down|close|call|phone|ring|dial|text|sms|email|e-mail|message|contact|notify|warn|wire|transfer|refund|pay|delete|remove|hack|trace|arrest|sue|prosecute|mark|tag|label|assign|reassign|archive|book|star|snooze|dismiss|approve|reject|resolve',
    ),
    reply: ACTION_REPLY,
    examples: ['freeze these accounts', 'please block the scammer numbers', 'call the fbi'],
  },
  {
    // Someone else made to act ("ask the bank to freeze it", "get apple to deactivate the cards"), money moves undone.
    topic: 'action',
    cue: new RegExp(
      `${REQUEST}(?:(?:ask|tell|get|have|make|instruct|request|order|urge|force) (?!sure\\b|me\\b|us\\b)(?:[a-z0-9.&'-]+ ){1,3}to (?!be\\b)[a-z]+|(?:reverse|undo|cancel|recover|retrieve|claw back|charge ?back|recall|stop|void|return|get back) (?:the |that |this |these |those |our |my |their |all |every |a )?(?:[a-z]+ )?(?:transfers?|payments?|wires?|transactions?|money|funds|deposits?|charges?|gift cards?|cards?|crypto|bitcoin|coins?))\\b`,
    ),
    guard: (t) =>
      DATA_REQUEST.test(t) &&
      !/\b(?:to (?:freeze|block|deactivate|reverse|refund|cancel|close|shut|take|stop|remove|delete|report|ban|suspend|seize|return))\b/.test(
        t,
      ),
    reply: ACTION_REPLY,
    examples: ['get the bank to close that account', 'undo the payment to that wallet'],
  },
  {
    topic: 'action',
    cue: request('report|file|flag|send|alert|forward|escalate'),
    guard: (t) => DATA_REQUEST.test(t),
    reply: ACTION_REPLY,
    examples: ['can you report them to the FBI', 'send the wallets to the police'],
  },
  {
    topic: 'action',
    cue: /\b(?:freeze|block|blacklist|take down|shut down|seize)\b.{0,30}\b(?:accounts?|numbers?|wallets?|cards?|sites?|urls?|domains?|callers?|scammers?|lines?)\b|\b(?:accounts?|wallets?|numbers?|sites?) (?:frozen|blocked|taken down|shut down|seized)\b/,
    guard: (t) => /^(?:how many|which|what|did|were|was|is|are|show|list|count)\b/.test(t),
    reply: ACTION_REPLY,
    examples: ['I need these wallets frozen, take down the sites they used'],
  },
  {
    topic: 'action',
    cue: /\b(?:open|file|raise|submit|create|log) (?:a |an )?(?:new )?(?:[a-z]+ )?(?:ticket|case|complaint|claim|dispute|incident|investigation|issue|bug|report)\b|\b(?:close|shut) (?:the |this |that |their )?(?:bank )?accounts?(?: \d+)?$/,
    guard: (t) => /^(?:how many|which|what|did|were|was|is|are|show|list|count)\b/.test(t),
    reply: ACTION_REPLY,
    examples: ['open a case with the bank about these accounts', 'please file a complaint with the carrier'],
  },
  {
    // Alerts, schedules, notifications and integrations: the agent answers, it runs nothing later.
    topic: 'automation',
    cue: /^(?:please |pls |can you |could you |would you )?(?:schedule|automate)\b|\b(?:set ?up|create|configure|schedule|add|turn on|enable|make)\b.{0,30}\b(?:alerts?|alarms?|notifications?|reminders?|digests?|webhooks?|subscriptions?|recurring|cron|triggers?)\b|\b(?:ping|notify|alert|remind|page|text|message|dm)(?: me| us| the team| our team| everyone)\b|\b(?:slack|pagerduty|microsoft teams|on teams|discord|zapier)\b|\bsubscribe (?:me|us)\b|\b(?:email|send) (?:me|us) (?:a |the )?(?:daily|weekly|monthly|nightly)\b|\bevery (?:day|morning|monday|week|hour|night)\b.{0,30}\b(?:send|email|post|report)\b/,
    guard: (t) =>
      /^(?:how many|which|what (?:share|percent|number|was|is|were)|did|were|was|is|are|show|list|count)\b|\b(?:mention\w*|said|say|talk\w*|transcripts?)\b/.test(
        t,
      ),
    reply: cannot(
      'I set up no alerts, schedules or notifications and answer only when asked',
      'how many tier-one calls came in today, or how the hook rate moved this week, whenever you ask',
    ),
    examples: [
      'set up an alert when tier 1 calls spike',
      'ping me on slack when a big ask comes in',
      'schedule a weekly digest of the top brands',
    ],
  },
  {
    topic: 'opinion',
    cue: /\b(?:your (?:opinion|view|take|advice|recommendation)|what do you think|do you think|in your view|should (?:we|i|they|our team|the bank|police)|is (?:it|this|that|[a-z.&]+(?: [a-z.&]+)?) (?:a )?(?:good|bad|safe|trustworthy|reliable|legit(?:imate)?) (?:bank|idea|place|choice|company|option|app|to)\b|(?:good|safe|best) (?:bank|place) to (?:open|bank|keep|save)|worth (?:prosecuting|pursuing|suing))/,
    guard: (t) =>
      /\b(?:how many|how much|what (?:share|percent|percentage|number|was|is|were) (?:the|of)|hook rate|top \d|count)\b/.test(t),
    reply: cannot(
      'I give no opinions or advice, only figures from the calls your honeypot received',
      'how many calls and how much money a brand, an organisation name or a mule bank was tied to this month',
    ),
    examples: ['is chase a safe bank to keep my savings in', 'should we go after this crew, what do you think'],
  },
  {
    topic: 'outside data',
    cue: /\b(?:nationwide|nationally|across the (?:us|u\.s\.|usa|country|nation|united states|world)|americans|worldwide|globally|industry[- ]wide|according to (?:the )?(?!(?:our|the) (?:calls|data|honeypot|dashboard))[a-z]+|reported (?:losses|complaints|by (?:the )?(?:ftc|fbi|ic3|fcc|banks?))|(?:ftc|fbi|ic3|fcc|census)(?:'s)? (?:[a-z]+ ){0,3}(?:data|reports?|statistics|stats|figures|numbers|estimates?|press releases?|announcements?|guidance|advisor(?:y|ies)|bulletins?|reported loss(?:es)?|losses)|official (?:statistics|figures|numbers)|what (?:does|do|did|would|should) (?:the )?(?:ftc|fbi|fcc|ic3|police|government|experts?|regulators?|banks?) (?:recommend|advise|suggest|say about|think)|(?:all|other) (?:banks|companies|carriers|honeypots))\b/,
    guard: (t) => /\b(?:we|our|us|honeypot|personas?|the calls)\b/.test(t),
    reply: cannot(
      'it holds only the calls your honeypot received, no national statistics or figures reported by others',
      'how many calls impersonated an agency such as the FTC this month',
    ),
    examples: ['how much did seniors lose to phone scams nationwide', 'what are the ftc statistics on imposter scams'],
  },
  {
    topic: 'prices',
    cue: /\b(?:(?:btc|bitcoin|eth|ether|ethereum|usdt|tether|crypto|gold|usd|eur|gbp|euros?) (?:in|to) (?:usd|eur|gbp|dollars|euros|pounds)|(?:usd|eur|gbp) (?:to|vs) (?:usd|eur|gbp)|price|prices|priced|(?:gas|network|transaction|trading) fees?|market|markets|stocks?|shares? price|exchange rate|trading at|quote|worth (?:right now|today|now|currently|at the moment)|how much is (?:a |one )?[a-z]+ worth|trading (?:at|for)|market cap|ticker|nasdaq|dow jones|s&p)\b/,
    guard: (t) => ABOUT_CALLS.test(t),
    reply: cannot(
      'it holds no live prices, markets or exchange rates, only what callers said',
      'how many calls asked for payment in bitcoin this week',
    ),
    examples: ['what is the bitcoin price', 'btc price right now?', 'how is the stock market today'],
  },
  {
    // Writing for the user (emails, letters, memos) and translating: the agent answers with figures only.
    topic: 'writing',
    cue: /^(?:please |pls |can you |could you |would you |help me )?(?:draft|compose|write up)\b|\b(?:draft|write|compose|prepare|word)\b.{0,30}\b(?:e-?mails?|letters?|memos?|messages?|notes? to|press releases?|posts?|tweets?|subpoenas?|warrants?|affidavits?|summons|court orders?|legal requests?|scripts? for (?:a|the|our) (?:call|persona))\b|\btranslat(?:e|ion)\b.{0,60}\b(?:into|to|in) (?:spanish|french|german|chinese|english|portuguese|italian|russian|arabic|hindi|japanese|korean|vietnamese|another language)\b/,
    reply: cannot(
      "I don't write messages or translate, I answer with figures from the calls",
      'how many tier-one calls came in this week, to put in a message yourself',
    ),
    examples: ['draft an email to the fraud team about this week', 'translate that transcript into spanish'],
  },
  {
    // Advice, law and how-tos about the world: not in the calls.
    topic: 'advice',
    cue: /\b(?:is|would) it (?:be )?(?:legal|illegal|lawful|unlawful|allowed|ethical|safe|a crime|against the law) (?:for (?:us|me|them|you|(?:our|the|a) [a-z]+) )?to\b|\b(?:are we|am i|is our team) (?:legally )?(?:allowed|permitted) to\b|\b(?:can|may) (?:we|i) legally\b|\b(?:legal|lawful) (?:advice|requirements?|obligations?)\b|\bhow (?:do|can|should) (?:i|we) (?:set up|build|install|configure|make|start|run|protect|stop|report|sue)\b|\bbest (?:savings|interest|mortgage|credit|exchange) rates?\b|\bwhat (?:is|are) (?:the )?(?:ftc|fbi|fcc|ic3|police|government|congress|regulators?) doing\b/,
    guard: (t) =>
      /\b(?:how many|how much|what (?:share|percent|number)|did (?:any|anyone|callers?|scammers?)|mention\w*|said|say|transcripts?)\b/.test(
        t,
      ),
    reply: cannot(
      'I give no legal advice or how-tos, only figures from the calls your honeypot received',
      'how many calls impersonated the FTC this month',
    ),
    examples: [
      'is it legal to record scam calls',
      'would it be lawful for our bank to call them back',
      'how do i set up a honeypot like this',
    ],
  },
  {
    // A company's or agency's own contact details: the calls hold what scammers gave, not the real ones.
    topic: 'general knowledge',
    cue: /\b(?:real|official|actual|legitimate|genuine|legit|true) (?:[a-z']+ ){0,2}(?:support|customer service|customer care|help ?desk|fraud|hotline|contact|phone|call ?back)(?: (?:line|number|phone|website|site|email|address|desk))?\b|\b(?:phone number|hotline|website|email address) (?:for|of) (?:reporting|the (?:real|official))\b/,
    guard: (t) => /\b(?:how many|calls? (?:from|with|naming|claiming)|which (?:calls|numbers)|spoof\w*|impersonat\w*)\b/.test(t),
    reply: cannot(
      "it holds the numbers and sites scammers gave on the calls, not companies' or agencies' own contact details",
      'which caller IDs or callback numbers claimed to be Microsoft support this month',
    ),
    examples: ["what is paypal's official fraud hotline", 'give me the legitimate customer service number for chase'],
  },
  {
    // Lists kept by others (sanctions, blocklists, registries): whether a value is on one is outside the calls.
    topic: 'outside data',
    cue: /\b(?:on|in|against) (?:the |any |an? )?(?:ofac|sdn|sanctions?|un|eu|treasury|chainalysis|interpol|fbi|scam ?adviser|spamhaus|phishtank|safe ?browsing)(?:'s)? (?:[a-z]+ ){0,2}(?:list|lists|database|registry|feed)\b|\b(?:sanctioned|blacklisted|flagged) by (?:ofac|the (?:un|eu|treasury)|chainalysis|interpol|google|microsoft)\b|\bsanctions (?:list|screening)\b/,
    guard: (t) => /^(?:how many|which (?:calls|wallets|accounts)|did (?:any|we))\b/.test(t) && /\bcalls?\b/.test(t),
    reply: cannot(
      'it holds what scammers said on your calls, not sanctions lists, blocklists or other registries kept elsewhere',
      'which calls named that wallet or account, and when it was first and last seen',
    ),
    examples: ['is this wallet on the ofac sanctions list', 'is that domain flagged by google safe browsing'],
  },
  {
    // Taking a site, number or account down is an action for its host, carrier or bank.
    topic: 'action',
    cue: /\b(?:take|taken|taking|took|get|have|shut|shutting|pull|pulled) (?:[a-z0-9.'-]+ ){0,4}(?:down|offline)\b|\btake ?downs?\b/,
    guard: (t) => /^(?:how many|which|what|did|were|was)\b/.test(t) || /\b(?:calls?|hook rate) (?:went|go|going|dropped?) down\b/.test(t),
    reply: ACTION_REPLY,
    examples: ['get that phishing domain taken down', 'shut the scam site down'],
  },
  {
    // A bank's or company's real account details: the calls hold the mule accounts scammers gave.
    topic: 'general knowledge',
    cue: /\b(?:real|official|actual|legitimate|genuine|legit|true|correct|proper) (?:[a-z']+ ){0,2}(?:routing|aba|swift|iban|sort code|account) (?:numbers?|codes?)\b/,
    guard: (t) => /\b(?:how many|calls? (?:from|with|naming|giving)|which calls|mule)\b/.test(t),
    reply: cannot(
      "it holds the mule accounts and routing numbers scammers gave on your calls, not banks' own details",
      'which routing numbers scammers gave this month, and for which banks',
    ),
    examples: ["what's chase's real routing number", 'give me the official swift code for wells fargo'],
  },
  {
    // The service's own accounts and settings: the agent reads calls, it changes nothing.
    topic: 'action',
    cue: /\b(?:reset|change|recover|update|unlock|rotate|revoke|delete|disable|enable) (?:my|our|the|a|this) (?:[a-z]+ ){0,2}(?:password|passphrase|api keys?|keys?|login|account|2fa|mfa|e-?mail|settings|user|subscription|plan|tier)\b/,
    guard: (t) => /^(?:how many|which|what (?:share|number)|did|were|was)\b/.test(t),
    reply: ACTION_REPLY,
    examples: ['reset my dashboard password', 'please rotate our api key'],
  },
  {
    topic: 'code',
    cue: /\b(?:write|code|generate|create|build|give me|make|draft)\b.{0,40}\b(?:script|code|program|function|python|javascript|typescript|bash|powershell|scraper|regex|bot|macro|plugin|extension|app|sql(?: query| statement)?)\b|\bscrape\b|\bcrawl\b/,
    reply: cannot(
      "I don't write code or scripts",
      'the same figures the dashboard and the API show, such as the top mule banks this month',
    ),
    examples: ['write me a script that scrapes the dashboard', 'give me python code to pull the calls'],
  },
  {
    topic: 'personal data',
    cue: /\b(?:(?:home|billing|mailing|residential) address(?:es)?|real names?|true identit(?:y|ies)|real identit(?:y|ies)|social security numbers?|ssns?|date of birth|birthday|passport|driver'?s licen[cs]e|criminal record|facebook|instagram|linkedin|twitter|ip address(?:es)?|where (?:does|do|did) (?:the |this |that |these )?(?:scammer|caller|guy|person|people)s? live|where (?:does|do|did) (?:the |this |that )?(?:person|individual|owner|guy|man|woman|subscriber)\b.{0,50}\blive|(?:person|people|individual|owner|subscriber)s? (?:behind|using|who (?:owns|uses)) .{0,50}\blives?\b|who (?:is|are|was) (?:really )?(?:the |this |that )?(?:scammer|caller|person)s? behind|who (?:really )?(?:owns|controls|runs|operates|is behind)|(?:real|actual|true) (?:person|people|individuals?|men|man|woman|subscribers?|owners?|users?|holders?) (?:behind|using|with|who|of)|who (?:is|are) (?:[a-z]+ ){1,3}really\b|(?:scammer|fraudster)'?s'? (?:real |personal |home |actual )?(?:email|e-mail|identity|address)|dox\w*|(?:physical(?:ly)?|exact|current|real[- ]time|gps) locat(?:ion|ed)|where (?:is|are) (?:the )?(?:phone|handset|device|sim)s?\b|credit (?:report|history|score|file)s?|background checks?|bank statements?)\b/,
    guard: (t) => /\b(?:mention\w*|said|say|ask\w*|want\w*|demand\w*|request\w*|transcripts?|how many)\b/.test(t),
    reply: cannot(
      'it holds no personal data about scammers beyond what they said on the calls (no real names, home addresses or online accounts)',
      'which fake agent names, mule account holders or drop addresses callers gave',
    ),
    examples: ['what is the real name of the scammer', 'find the home address of the caller'],
  },
  {
    topic: 'general knowledge',
    cue: /\b(?:weather|rain(?:ing)?|temperature outside|recipe|capital of|who won|world cup|super bowl|football|soccer|news today|headlines|poem|song|lyrics|joke|translate|movie|horoscope|lottery|election|president of|meaning of life|tell me about yourself|history of|recommend (?:a|an|some|me)|which (?:antivirus|vpn) )\b/,
    guard: (t) => ABOUT_CALLS.test(t) || /\b(?:hook\w*|tier|asks?|dollars?|personas?)\b/.test(t),
    reply: cannot('it covers only the calls your honeypot received, not general knowledge', 'how many calls came in today'),
    examples: ['what is the weather in paris', 'tell me a joke', 'who won the world cup'],
  },
  {
    // The world outside the calls: companies' finances, markets, how-tos, writing, running a scam.
    topic: 'general knowledge',
    cue: /\b(?:price|prices|value) of (?:a |one )?(?:bitcoin|btc|eth(?:ereum)?|crypto|gold|oil|a stock|stocks?)\b|\bstock(?:s| price| market)?(?: is| are)? doing\b|\b(?:stock|share) price\b|\bmarket cap\b|\bweather\b|\bexchange rate\b|\bin the news\b|\bnews (?:about|on)\b|\b(?:revenue|profits?|earnings|ceo|headquarters|net worth)\b|\bjoke\b|\bpoem\b|\bhow (?:do|can|should) (?:i|we) (?:buy|sell|invest in|mine|trade|install|hack)\b|\bcapital of\b|\bpopulation of\b|\bwrite (?:me |us )?(?:a|an|the|some) (?:script|email|letter|poem|story|song|code|program|essay)\b|\b(?:run|pull off|do|start|operate) (?:a|an|my own|our own) (?:\w+ )?scam\b|\bhow to (?:scam|con|defraud)\b/,
    reply: cannot('it covers only the calls your honeypot received, not the world outside them', 'how many calls came in today'),
    examples: ['what is the net worth of the ceo of paypal', 'how do i invest in bitcoin'],
  },
];

/** The decline for a question outside what the service holds or does, or null when it is in scope. */
export function declineOf(question: string): string | null {
  const text = question.toLowerCase().replace(/[‘’`]/g, "'").replace(/\s+/g, ' ').trim();
  for (const r of DECLINE_RULES) if (r.cue.test(text) && !r.guard?.(text)) return r.reply;
  return null;
}
