// Query rules of places: calls whose drop address is in a place, and calls whose phishing link
// is on a domain. Part of the rule table (queryRules.ts).

import { namedValues } from './valueRules.js';
import { fmtInt, nCalls } from '../say/answer.js';
import { canon } from '../read/values.js';
import type { Filters } from './intents.js';
import { numbers, QUANTITIES, quantityIn } from './quantity.js';
import { cap, filtersSaid, identifierWindow, ruleFilters, windowSaid, type QueryPlan, type QueryRule, type RuleInput } from './ruleKit.js';
import { windowArgs } from '../read/windowSpec.js';
// ------------------------------------------------------------------ calls with an address in a place

function addressInPlace(input: RuleInput): QueryPlan | null {
  const q = quantityIn(input.reading.rest) ?? QUANTITIES.calls;
  const filters = ruleFilters(input);
  if (!filters?.some((f) => f[0] === 'contains')) return null;
  const distinct = /\bhow many (?:different |distinct |unique )?(?:drop |mule )?addresses\b/.test(input.text);
  const metrics = distinct ? ['distinct:physical_mule_drop_address', 'calls_received'] : q.metrics;
  const spec = identifierWindow(input);
  return {
    queries: [{ metrics, filters, ...windowArgs(spec, input.now) }],
    filters: input.reading.base,
    say: ([r]) => {
      const m = numbers(r.results[0]?.metrics ?? metrics.map(() => 0));
      const figure = distinct
        ? `${fmtInt(m[0])} different drop ${m[0] === 1 ? 'address' : 'addresses'}, named in ${nCalls(m[1])}`
        : q.say(m);
      // None there: said plainly, with what was counted (the query is in tool_calls).
      if ((distinct ? m[1] : m[0]) === 0)
        return `None: ${windowSaid(spec, r.range)} no call${filtersSaid(input).replace(/^, counting only calls/, '')} (the query counted 0).`;
      return `${cap(windowSaid(spec, r.range))}${filtersSaid(input)}: ${figure}.`;
    },
  };
}

// ------------------------------------------------------------------ links on a domain

/** A domain as typed ("cryptocomclaims.com", "bofa-login42.xyz"): phishing URLs are stored whole, with their path. */
const TLD = '(?:com|net|org|info|xyz|live|site|online|top|io|co|us|biz|app|support|help|shop|link|click|vip|cc|me)';
// "on a .support domain": a top-level domain alone, every link under it.
const DOMAIN = new RegExp(String.raw`\b((?:[a-z0-9-]+\.)+${TLD})\b(?![.@])|(?<=^|\s)(\.${TLD})\b(?![.@])`);
const DOMAIN_RAW = new RegExp(String.raw`\b((?:[A-Za-z0-9-]+\.)+${TLD})\b(?![.@])((?:/[^\s?#"')]*[^\s?#"').,!])?)`, 'i');

function linksOnDomain(typed: RuleInput, m: RegExpExecArray): QueryPlan | null {
  // As typed (hyphens kept); words inside it ("bofa" of bofa-login42.xyz) are no brand, bank or transcript term.
  const raw = DOMAIN_RAW.exec(typed.raw ?? '');
  const domain = (raw?.[1] ?? m[1] ?? m[2]).toLowerCase();
  // A path typed after it ("site.com/refund") narrows the links to those holding it.
  const link = raw?.[2] ? `${domain}${raw[2]}` : domain;
  const letters = (x: string) => x.toLowerCase().replace(/[^a-z0-9]/g, '');
  const inside = (x: string) =>
    ` ${canon(link)} `.includes(` ${canon(x)} `) || (letters(x).length >= 3 && letters(link).includes(letters(x)));
  const base = Object.fromEntries(
    Object.entries(typed.reading.base).filter(([, v]) => !(Array.isArray(v) && v.some((x) => typeof x === 'string' && inside(x)))),
  ) as Filters;
  // "a phishing site on …": the link is the domain's, no filter of its own beside it.
  const has = base.has?.filter((f) => f !== 'phishing_url');
  base.has = has?.length ? has : undefined;
  const input: RuleInput = {
    ...typed,
    found: typed.found.filter((f) => !inside(f.typed)),
    reading: {
      ...typed.reading,
      base,
      mentions: typed.reading.mentions.filter((x) => !inside(x.surface ?? x.typed)),
      // The domain's own words ("ups" of ups-desk.com) are no hint of a value either.
      rest: typed.reading.rest.replace(DOMAIN, ' ').replace(/\s+/g, ' ').trim(),
    },
  };
  const filters = ruleFilters(input, base);
  if (!filters) return null;
  const q = quantityIn(input.reading.rest) ?? QUANTITIES.calls;
  const spec = identifierWindow(input);
  const on = link !== domain ? `holding ${link}` : domain.startsWith('.') ? `on a ${domain} domain` : `on ${domain}`;
  return {
    queries: [{ metrics: q.metrics, filters: [['contains', 'phishing_url', [link]], ...filters], ...windowArgs(spec, input.now) }],
    filters: input.reading.base,
    say: ([r]) => {
      const v = numbers(r.results[0]?.metrics ?? q.metrics.map(() => 0));
      if (q.id === 'calls' && v[0] === 0)
        return `None: ${windowSaid(spec, r.range)} no call gave a phishing URL ${on} (the query counted 0).`;
      return `${cap(windowSaid(spec, r.range))}${filtersSaid(input)}, calls with a phishing URL ${on}: ${q.say(v)}.`;
    },
  };
}

// ------------------------------------------------------------------ the rules

export const CALLS_WITH_AN_ADDRESS_IN_A_PLACE: QueryRule = {
  id: 'calls-with-an-address-in-a-place',
  cue: /\baddress(?:es)? (?:in|from|located in|based in)\b/,
  build: addressInPlace,
  examples: ['how many calls with a drop address in Michigan this month', 'how many drop addresses in FL'],
};

/** Typed as a whole URL (a scheme or a path), not a domain alone: "ups-desk.com" is every link on it. */
const wholeUrl = (typed: string) => /^[a-z]+:\/\/|\/\S/.test(typed);

export const CALLS_WITH_A_LINK_ON_A_DOMAIN: QueryRule = {
  id: 'calls-with-a-link-on-a-domain',
  cue: DOMAIN,
  // A URL the lexicon holds whole is a value of its own (the rule below).
  guard: (i) =>
    !namedValues(i).some((v) => v.entries.some((e) => e.field === 'phishing_url' && !v.fuzzy && wholeUrl(v.typed))) &&
    i.reading.windows.length <= 1 &&
    !/\b(?:mention\w*|said|say|says|talk\w*|transcripts?)\b/.test(i.text),
  build: linksOnDomain,
  examples: ['how many calls pushed a link on secure-refund.com this month', 'calls sending people to paypal-verify.net'],
};
