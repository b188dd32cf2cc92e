// Numbers a question sets as thresholds, read out of its text: durations ("longer than 10
// minutes", "1-3 min"), dollar amounts ("asked for more than $5,000", "over 10k in one go"),
// ask counts ("more than one dollar ask") and repeats ("seen in 2 or more calls"). None of
// them is a comparison between periods.

import type { Bar, Qualifiers } from './readingTypes.js';
import { NUMBER_WORDS, numberOf } from './vocabulary.js';

const UNIT = '(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h)';
const unitSec = (u: string) => (u.startsWith('h') ? 3600 : u.startsWith('m') ? 60 : 1);
const NUM = `(\\d{1,5}(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join('|')})`;

const MAX_DAY = 86_400;

/** The text of a phrase blanked out (same length, so positions of other matches stay valid). */
export const blank = (text: string, index: number, length: number) =>
  text.slice(0, index) + ' '.repeat(length) + text.slice(index + length);

/** Each match of `re` handed to `each`; a match it accepts (anything but false) is blanked out. */
export function take(state: { text: string }, re: RegExp, each: (m: RegExpExecArray) => boolean | void): void {
  const g = new RegExp(re.source, 'g');
  let m: RegExpExecArray | null;
  const hits: RegExpExecArray[] = [];
  while ((m = g.exec(state.text))) hits.push(m);
  for (const h of hits) if (each(h) !== false) state.text = blank(state.text, h.index, h[0].length);
}

export function durations(st: { text: string }, out: Qualifiers): void {
  const sec = (n: string, u: string) => Math.round(numberOf(n) * unitSec(u));
  take(st, new RegExp(`\\b(?:between|from) ${NUM} (?:${UNIT} )?(?:and|to|-) ${NUM} ${UNIT}(?: long)?\\b`), (m) => {
    const u1 = m[2] ?? m[4];
    out.minDurationSec = Math.min(MAX_DAY, sec(m[1], u1));
    out.maxDurationSec = Math.min(MAX_DAY, sec(m[3], m[4]));
  });
  take(st, new RegExp(`\\b${NUM} ?(?:-|to|–) ?${NUM} ?${UNIT}(?: long)?\\b`), (m) => {
    out.minDurationSec = Math.min(MAX_DAY, sec(m[1], m[3]));
    out.maxDurationSec = Math.min(MAX_DAY, sec(m[2], m[3]));
  });
  take(
    st,
    new RegExp(
      `\\b(?:(?:went|go(?:es)?|ran|run(?:ning)?|going|got|lasted|lasting|stayed|stay(?:ing)?) )?(?:past|beyond) (?:the )?${NUM} ?${UNIT}(?: mark| point)?\\b`,
    ),
    (m) => {
      out.minDurationSec = Math.min(MAX_DAY, sec(m[1], m[2]) + 1);
    },
  );
  take(st, new RegExp(`\\b(?:longer than|more than|over|above|greater than|exceeding|>) ${NUM} ${UNIT}(?: long)?\\b`), (m) => {
    out.minDurationSec = Math.min(MAX_DAY, sec(m[1], m[2]) + 1);
  });
  take(
    st,
    new RegExp(`\\b(?:at least|min(?:imum)?(?: of)?|>=) ${NUM} ${UNIT}(?: long)?\\b|\\b${NUM} ${UNIT} (?:or (?:more|longer)|plus|\\+)`),
    (m) => {
      const [n, u] = m[1] ? [m[1], m[2]] : [m[3], m[4]];
      out.minDurationSec = Math.min(MAX_DAY, sec(n, u));
    },
  );
  take(st, new RegExp(`\\b(?:shorter than|less than|under|below|fewer than|<) ${NUM} ${UNIT}(?: long)?\\b`), (m) => {
    out.maxDurationSec = Math.max(0, sec(m[1], m[2]) - 1);
  });
  take(
    st,
    new RegExp(
      `\\b(?:at most|no (?:more|longer) than|up to|max(?:imum)?(?: of)?|<=) ${NUM} ${UNIT}(?: long)?\\b|\\b${NUM} ${UNIT} or (?:less|shorter)\\b`,
    ),
    (m) => {
      const [n, u] = m[1] ? [m[1], m[2]] : [m[3], m[4]];
      out.maxDurationSec = Math.min(MAX_DAY, sec(n, u));
    },
  );
  // "10+ minute calls", "calls of 10 minutes or more" are above; "5-minute calls" is not a filter.
}

const MONEY =
  '\\$ ?(\\d+(?:\\.\\d+)?)(?: ?(k|m|thousand|million))?(?! ?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|calls?))|(\\d+(?:\\.\\d+)?)(?: ?(k|m|thousand|million))? ?(?:dollars|usd|bucks)';
const money = (m: RegExpExecArray, at: number) => {
  const n = Number(m[at] ?? m[at + 2]);
  const unit = (m[at + 1] ?? m[at + 3] ?? '').toLowerCase();
  return n * (unit.startsWith('k') || unit === 'thousand' ? 1000 : unit.startsWith('m') ? 1_000_000 : 1);
};

/** "asked for more than $5,000", "asks under 100 dollars", "more than one dollar ask", "asked more than twice". */
export function moneyBounds(st: { text: string }, out: Qualifiers): void {
  // "in one go", "a single ask", "individual asks": one ask of that much, not the call's total.
  const single =
    /\b(?:in one go|in a single (?:ask|go|request)|single (?:dollar )?asks?|individual (?:dollar )?asks?|one ask|at once)\b|\basks (?:were |was |that were )?(?:over|above|more than|greater than|bigger than|of at least|at least)\b/.test(
      st.text,
    );
  if (single) {
    take(st, new RegExp(`\\b(?:more than|over|above|exceeding|greater than|bigger than|larger than|>|at least) (?:${MONEY})`), (m) => {
      out.minSingleAsk = money(m, 1) + (/at least/.test(m[0]) ? 0 : 0.01);
    });
    // "individual asks over 1k", "single asks above 5000": asks are dollars, so a bare amount is one too.
    take(
      st,
      /\b(?:more than|over|above|exceeding|greater than|bigger than|larger than|>|at least) (\d+(?:\.\d+)?) ?(k|thousand|m|million)?\b(?! ?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|calls?|asks?|times?|%|percent))/,
      (m) => {
        out.minSingleAsk = money(m, 1) + (/at least/.test(m[0]) ? 0 : 0.01);
      },
    );
    // "individual asks of $5k or more", "single asks $1,000 and up": the amount itself counts.
    take(st, new RegExp(`(?:${MONEY}) (?:or (?:more|above|higher|bigger|over)|and (?:up|above|over)|plus|\\+)`), (m) => {
      out.minSingleAsk = money(m, 1);
    });
    take(st, /\b(?:in one go|in a single (?:ask|go|request)|at once)\b/, () => {});
  }
  take(st, new RegExp(`\\b(?:more than|over|above|exceeding|greater than|bigger than|larger than|>) (?:${MONEY})`), (m) => {
    out.minAsked = money(m, 1) + 0.01;
  });
  take(st, new RegExp(`\\b(?:at least|min(?:imum)? of|>=) (?:${MONEY})|(?:${MONEY}) (?:or more|plus|\\+)`), (m) => {
    out.minAsked = m[1] !== undefined || m[3] !== undefined ? money(m, 1) : money(m, 5);
  });
  take(st, new RegExp(`\\b(?:less than|under|below|smaller than|<) (?:${MONEY})`), (m) => {
    out.maxAsked = Math.max(0, money(m, 1) - 0.01);
  });
  take(st, new RegExp(`\\b(?:at most|no more than|up to|<=) (?:${MONEY})`), (m) => {
    out.maxAsked = money(m, 1);
  });
  const times: Record<string, number> = { once: 1, twice: 2, thrice: 3 };
  take(
    st,
    new RegExp(
      `\\b(?:more than|over) ${NUM} (?:separate |different |dollar |money |cash )*(?:asks?|demands?|requests?|amounts?)\\b|\\b(?:asked|asking|demanded|requested)(?: (?:for )?(?:money|cash|payment|dollars))? more than (once|twice|thrice|${NUM.slice(1, -1)} times)\\b`,
    ),
    (m) => {
      const n = m[1] !== undefined ? numberOf(m[1]) : (times[m[2]] ?? numberOf(m[2].replace(/ times$/, '')));
      out.minAsks = n + 1;
    },
  );
  take(
    st,
    new RegExp(
      `\\b(?:at least|${NUM} or more) ${NUM}? ?(?:separate |different |dollar |money )*(?:asks|demands)\\b|\\b(?:multiple|several|repeated) (?:separate |dollar |money )*(?:asks|demands)\\b`,
    ),
    (m) => {
      out.minAsks = m[1] !== undefined ? numberOf(m[1]) : m[2] !== undefined ? numberOf(m[2]) : 2;
    },
  );
}

/**
 * "with a dollar ask", "that contained at least one request for money": calls with an ask. Read
 * before transcript terms, which would take "contained …" as words said.
 */
export function askPresence(st: { text: string }, out: Qualifiers): void {
  take(
    st,
    /\b(?:with|having|(?:(?:that|which) |(?<=\bcalls? ))(?:had|has|have|contained|contain|included|include|made)|containing|including) (?:a|an|any|at least one|one or more) (?:dollar |money |cash |payment )?(?:asks?|demands?|requests?)(?: for (?:money|cash|payment|dollars))?\b(?! (?:over|above|under|below|of|between|more than|less than|at least|at most|exceeding|greater than|bigger than|larger than|smaller than)\b| ?[$\d])/,
    () => {
      out.minAsks = Math.max(out.minAsks ?? 0, 1);
    },
  );
}

/** "seen in more than one call", "in 2 or more calls", "more than once": a threshold on values' call counts. */
export function repeats(st: { text: string }, out: Qualifiers): void {
  take(
    st,
    new RegExp(
      `\\b(?:(?:seen|used|appear(?:ed|ing|s)?|show(?:ed|n|ing)? up|came up|reused|repeated) )?(?:in |on |across )?(?:more than|over) ${NUM} (?:calls?|times?)\\b`,
    ),
    (m) => {
      out.minCount = numberOf(m[1]) + 1;
    },
  );
  take(
    st,
    new RegExp(
      `\\b(?:(?:seen|used|appear(?:ed|ing|s)?|show(?:ed|n|ing)? up|came up|reused|repeated) )?(?:in |on |across )?(?:at least ${NUM}|${NUM} or more|${NUM}\\+) (?:calls?|times?|different calls)\\b|\\bmore than once\\b|\\b(?:in|across) (?:multiple|several|different) calls\\b|\\b(?:repeat(?:ed)?|reused|recurring|duplicate[sd]?)\\b`,
    ),
    (m) => {
      const n = m[1] ?? m[2] ?? m[3];
      out.minCount = n ? numberOf(n) : 2;
    },
  );
}

// ------------------------------------------------------------------ the number a yes/no question names

const BAR_NUM = `(\\d[\\d,]*(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join('|')})`;
const OPS: Array<[RegExp, Bar['op']]> = [
  [/^(?:at least|no fewer than|no less than)$/, 'ge'],
  [/^(?:at most|no more than)$/, 'le'],
  [/^(?:fewer than|less than|under|below|lower than)$/, 'lt'],
];
const OP =
  '(more than|greater than|higher than|over|above|at least|no fewer than|no less than|at most|no more than|fewer than|less than|under|below|lower than)';

/** "more than 5 calls", "at least 10 tier 1 calls", "above 50%": the bar, its words blanked (the figure's words stay). */
export function barIn(st: { text: string }): Bar | null {
  let bar: Bar | null = null;
  const read = (m: RegExpExecArray, percent: boolean) => {
    if (bar) return false;
    const op = OPS.find(([re]) => re.test(m[1]))?.[1] ?? 'gt';
    bar = { op, value: percent ? Number(m[2]) / 100 : numberOf(m[2].replace(/,/g, '')), percent };
  };
  take(st, new RegExp(`\\b${OP} ${BAR_NUM} ?(?:%|percent\\b)`), (m) => read(m, true));
  // A count of calls, not a repeat ("seen in more than 2 calls") nor a duration or amount.
  take(st, new RegExp(`(?<!\\b(?:in|on|across|seen|used) )\\b${OP} ${BAR_NUM}(?= (?:[a-z0-9-]+ ){0,3}calls?\\b)`), (m) => read(m, false));
  return bar;
}
