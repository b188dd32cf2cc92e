import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { INTEL_FIELDS, tierOf } from '../../src/domain/call.js';
import { formatUsd } from '../../src/demo/catalog.js';
import { generateCalls, generateLiveSessions, SESSION_STATES, type IngestCallJson } from '../../src/demo/generate.js';
import { btcAddress, routingNumber, tronAddress, US_AREA_CODES } from '../../src/demo/identifiers.js';
import { Rng } from '../../src/demo/random.js';

const END = new Date('2026-11-20T15:00:00.250Z');
const take = (opts: Parameters<typeof generateCalls>[0]) => [...generateCalls(opts)];

// One shared sample: four full weeks with transcripts.
const DAYS = 28;
const SAMPLE = take({ days: DAYS, callsPerDay: 1500, end: END, seed: 99 });

// ---------------------------------------------------------------- independent decoders

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58CheckDecode(s: string): { version: number; payload: Buffer } | null {
  let n = 0n;
  for (const ch of s) {
    const v = B58.indexOf(ch);
    if (v < 0) return null;
    n = n * 58n + BigInt(v);
  }
  let hex = n.toString(16);
  if (hex.length % 2) hex = '0' + hex;
  const leading = s.length - s.replace(/^1+/, '').length;
  const bytes = Buffer.concat([Buffer.alloc(leading), n === 0n ? Buffer.alloc(0) : Buffer.from(hex, 'hex')]);
  if (bytes.length !== 25) return null;
  const body = bytes.subarray(0, 21);
  const sum = createHash('sha256').update(createHash('sha256').update(body).digest()).digest();
  if (!sum.subarray(0, 4).equals(bytes.subarray(21))) return null;
  return { version: body[0], payload: body.subarray(1) };
}

function bech32Decode(addr: string): { hrp: string; version: number; program: number[] } | null {
  const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  if (addr !== addr.toLowerCase()) return null;
  const pos = addr.lastIndexOf('1');
  const hrp = addr.slice(0, pos);
  const data = [...addr.slice(pos + 1)].map((c) => CHARSET.indexOf(c));
  if (data.some((d) => d < 0) || data.length < 7) return null;
  const values = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31), ...data];
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const b = chk >>> 25;
    chk = (((chk & 0x1ffffff) << 5) ^ v) >>> 0;
    for (let i = 0; i < 5; i++) if ((b >>> i) & 1) chk = (chk ^ GEN[i]) >>> 0;
  }
  if (chk !== 1) return null; // bech32 (BIP-173) constant
  const words = data.slice(0, -6);
  let acc = 0;
  let bits = 0;
  const program: number[] = [];
  for (const w of words.slice(1)) {
    acc = (acc << 5) | w;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      program.push((acc >> bits) & 0xff);
    }
  }
  if (bits >= 5 || ((acc << (8 - bits)) & 0xff) !== 0) return null;
  return { hrp, version: words[0], program };
}

function abaValid(s: string): boolean {
  if (!/^\d{9}$/.test(s)) return false;
  const p = Number(s.slice(0, 2));
  if (!((p >= 1 && p <= 12) || (p >= 21 && p <= 32))) return false;
  const d = [...s].map(Number);
  return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + d[2] + d[5] + d[8]) % 10 === 0;
}

function assertBtc(addr: string) {
  if (addr.startsWith('bc1')) {
    const dec = bech32Decode(addr);
    assert.ok(dec, `bad bech32 checksum: ${addr}`);
    assert.equal(dec.hrp, 'bc');
    assert.equal(dec.version, 0);
    assert.equal(dec.program.length, 20);
    assert.equal(addr.length, 42);
  } else {
    const dec = base58CheckDecode(addr);
    assert.ok(dec, `bad base58check: ${addr}`);
    assert.ok(dec.version === 0x00 || dec.version === 0x05, `version ${dec.version}`);
    assert.equal(addr[0], dec.version === 0 ? '1' : '3');
  }
}

function assertTron(addr: string) {
  assert.match(addr, /^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  const dec = base58CheckDecode(addr);
  assert.ok(dec, `bad TRON checksum: ${addr}`);
  assert.equal(dec.version, 0x41);
}

// ---------------------------------------------------------------- §5 rules

const RECORD_KEYS = [
  'call_sid',
  'started_at',
  'duration_sec',
  'caller_id',
  'persona',
  'disconnect_reason',
  'cleanly_closed',
  'transcript',
  'extraction',
];
const EXTRACTION_KEYS = ['auditor_confidence', ...INTEL_FIELDS, 'dollar_asks', 'dollars_dangled'].sort();
const REASONS = new Set(['caller_hung_up_normal', 'websocket_issue_our_side', 'voice_engine_issue', 'ai_session_capped', null]);

function assertCleanString(v: unknown, path: string, allowEmpty = false) {
  assert.equal(typeof v, 'string', path);
  const s = v as string;
  assert.equal(s, s.trim(), `${path} not trimmed`);
  assert.ok(s.length <= 512, `${path} longer than 512`);
  if (!allowEmpty) assert.ok(s.length > 0, `${path} empty`);
}

function assertIngestRecord(c: IngestCallJson, withTranscript: boolean) {
  const keys = Object.keys(c);
  assert.deepEqual(keys, withTranscript ? RECORD_KEYS : RECORD_KEYS.filter((k) => k !== 'transcript'));
  assert.match(c.call_sid, /^[A-Za-z0-9_-]{1,64}$/);
  assert.match(c.call_sid, /^CA[0-9a-f]{32}$/);
  assert.match(c.started_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  assert.equal(new Date(c.started_at).toISOString().replace('.000Z', 'Z'), c.started_at);
  assert.ok(Number.isInteger(c.duration_sec) && c.duration_sec >= 0 && c.duration_sec <= 86_400, `duration ${c.duration_sec}`);
  assert.ok(REASONS.has(c.disconnect_reason), `reason ${c.disconnect_reason}`);
  assert.ok(c.cleanly_closed === null || typeof c.cleanly_closed === 'boolean');
  assertCleanString(c.persona, 'persona');
  assertCleanString(c.caller_id, 'caller_id', true);
  if (withTranscript) {
    assert.ok(Array.isArray(c.transcript) && c.transcript.length > 0);
    let prev = 0;
    for (const [i, turn] of c.transcript!.entries()) {
      assert.deepEqual(Object.keys(turn), ['speaker', 'text', 'offset_sec']);
      assert.ok(['caller', 'persona', 'system'].includes(turn.speaker));
      assertCleanString(turn.text, `transcript[${i}].text`);
      assert.ok(turn.offset_sec >= prev && turn.offset_sec <= c.duration_sec, `offset ${turn.offset_sec} in ${c.duration_sec}`);
      prev = turn.offset_sec;
    }
  }
  const e = c.extraction;
  if (e === null) return;
  assert.deepEqual(Object.keys(e).sort(), EXTRACTION_KEYS);
  for (const f of INTEL_FIELDS) if (e[f] !== null) assertCleanString(e[f], `extraction.${f}`);
  if (e.lure_category !== null) assert.match(e.lure_category, /^[A-Z0-9_]+$/);
  assert.ok(e.auditor_confidence === null || (e.auditor_confidence >= 0.3 && e.auditor_confidence <= 0.99));
  assert.ok(Array.isArray(e.dollar_asks));
  for (const a of e.dollar_asks) assert.ok(Number.isFinite(a) && a >= 0, `ask ${a}`);
  assert.ok(e.dollars_dangled === null || (Number.isFinite(e.dollars_dangled) && e.dollars_dangled >= 0));
}

// ---------------------------------------------------------------- tests

describe('demo generator', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const opts = { days: 3, callsPerDay: 300, end: END, seed: 42 };
    const a = take(opts);
    const b = take(opts);
    assert.deepEqual(a, b);
    const c = take({ ...opts, seed: 43 });
    assert.notDeepEqual(
      a.map((r) => r.call_sid),
      c.map((r) => r.call_sid),
    );
  });

  // Pinned on the generator as it stood before it was split into modules (3a5d358): the demo
  // data, the agent's live eval and the benchmarks depend on these exact records.
  it('reproduces the pinned records for a seed, byte for byte', () => {
    const digest = (transcripts: boolean, seed: number) => {
      const h = createHash('sha256');
      let n = 0;
      for (const c of generateCalls({ days: 30, callsPerDay: 300, end: END, seed, transcripts })) {
        if (n++ >= 2000) break;
        h.update(JSON.stringify(c) + '\n');
      }
      return h.digest('hex');
    };
    assert.equal(digest(true, 7), '879e83a52611e8ea88556eb58974ee113a352fb00ab3f332f25c8b4bb233f192');
    assert.equal(digest(false, 7), '86d4ef43de8bacfed37e1f200711aae582eb1bd8145c633b529b60e3bf3838bf');
    assert.equal(digest(true, 20261120), '4ac11c83a4a0852b93685bf1776301b4cfb7bb715d52eeb7e492943cd73219a2');
    const live = generateLiveSessions(new Date('2026-11-20T15:00:00.750Z'), 40, 7);
    assert.equal(
      createHash('sha256').update(JSON.stringify(live)).digest('hex'),
      '545f80618f3319139c9b2f2df0c7cbd3a6413a61a0574f9f13b94f7166f10a88',
    );
  });

  it('gives the same records with and without transcripts, apart from the transcript', () => {
    const opts = { days: 2, callsPerDay: 400, end: END, seed: 5 };
    const withT = take(opts).map(({ transcript: _t, ...rest }) => rest);
    const without = take({ ...opts, transcripts: false });
    assert.deepEqual(without, withT);
    assert.ok(without.every((r) => !('transcript' in r)));
  });

  it('emits exactly round(days × callsPerDay) calls, sorted, inside [end − days, end)', () => {
    assert.equal(SAMPLE.length, DAYS * 1500);
    const startMs = END.getTime() - DAYS * 86_400_000;
    let prev = '';
    for (const c of SAMPLE) {
      const t = Date.parse(c.started_at);
      assert.ok(t < END.getTime() && t >= startMs, c.started_at);
      assert.ok(c.started_at >= prev);
      prev = c.started_at;
    }
    assert.equal(new Set(SAMPLE.map((c) => c.call_sid)).size, SAMPLE.length);
    assert.equal(take({ days: 0.5, callsPerDay: 101, end: END }).length, 51);
    assert.equal(take({ days: 1, callsPerDay: 0, end: END }).length, 0);
    assert.throws(() => take({ days: 0, callsPerDay: 10, end: END }), RangeError);
    assert.throws(() => take({ days: 1, callsPerDay: 10, end: new Date('nope') }), RangeError);
  });

  it('passes the CONTRACT §5 rules on every record, and survives JSON', () => {
    for (const c of SAMPLE) assertIngestRecord(c, true);
    for (const c of take({ days: 2, callsPerDay: 500, end: END, transcripts: false })) assertIngestRecord(c, false);
    const first = SAMPLE.slice(0, 200);
    assert.deepEqual(JSON.parse(JSON.stringify(first)), first);
  });

  it('puts every extracted value into the caller’s words', () => {
    let checked = 0;
    for (const c of SAMPLE) {
      const e = c.extraction;
      if (!e) continue;
      const said = c
        .transcript!.filter((t) => t.speaker === 'caller')
        .map((t) => t.text)
        .join('\n');
      for (const f of INTEL_FIELDS) {
        if (f === 'lure_category' || f === 'payment_method') continue; // codes, not words
        const v = e[f];
        if (v !== null) {
          assert.ok(said.includes(v), `${c.call_sid}: ${f}=${v} not in transcript:\n${said}`);
          checked++;
        }
      }
      for (const a of e.dollar_asks) assert.ok(said.includes(formatUsd(a)), `${c.call_sid}: ask ${a} not said`);
      if (e.dollars_dangled !== null) assert.ok(said.includes(formatUsd(e.dollars_dangled)), `${c.call_sid}: dangled not said`);
    }
    assert.ok(checked > 10_000);
    // Formatting as the test reads it: "$1,500", "$399.99".
    assert.equal(formatUsd(1500), (1500).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0 }));
    assert.equal(formatUsd(399.99), '$399.99');
  });

  it('generates ABA routing numbers with valid checksums and Federal Reserve prefixes', () => {
    const rng = new Rng(1);
    for (let i = 0; i < 10_000; i++) assert.ok(abaValid(routingNumber(rng)));
    const seen = SAMPLE.map((c) => c.extraction?.mule_bank_routing_number).filter((v): v is string => !!v);
    assert.ok(seen.length > 100);
    for (const r of seen) assert.ok(abaValid(r), r);
  });

  it('generates BTC, ETH and TRON addresses whose checksums decode independently', () => {
    const rng = new Rng(2);
    const kinds = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const a = btcAddress(rng);
      assertBtc(a);
      kinds.add(a.startsWith('bc1q') ? 'bech32' : a[0]);
      assertTron(tronAddress(rng));
    }
    assert.deepEqual([...kinds].sort(), ['1', '3', 'bech32']);
    const chains = new Set<string>();
    for (const c of SAMPLE) {
      const e = c.extraction;
      if (!e?.crypto_wallet_address) continue;
      const w = e.crypto_wallet_address;
      if (w.startsWith('0x')) assert.match(w, /^0x[0-9a-f]{40}$/);
      else if (w.startsWith('T')) assertTron(w);
      else assertBtc(w);
      if (e.crypto_chain) {
        chains.add(e.crypto_chain);
        const expected = w.startsWith('0x') ? 'ETH' : w.startsWith('T') ? 'TRON' : 'BTC';
        assert.equal(e.crypto_chain, expected);
      }
    }
    assert.deepEqual([...chains].sort(), ['BTC', 'ETH', 'TRON']);
  });

  it('uses real US area codes, with a few odd caller IDs', () => {
    const codes = new Set(US_AREA_CODES.map(([c]) => c));
    let nanp = 0;
    let odd = 0;
    for (const c of SAMPLE) {
      const id = c.caller_id ?? '';
      const m = /^(?:\+1|1)?([2-9]\d{2})([2-9]\d{2})\d{4}$/.exec(id);
      if (m && codes.has(m[1])) {
        assert.notEqual(m[2].slice(1), '11');
        nanp++;
      } else odd++;
    }
    const share = odd / SAMPLE.length;
    assert.ok(share > 0.01 && share < 0.06, `odd caller IDs ${share}`);
    assert.ok(SAMPLE.some((c) => /^\d{10}$/.test(c.caller_id ?? '')));
    assert.ok(SAMPLE.some((c) => /^1\d{10}$/.test(c.caller_id ?? '')));
    assert.ok(SAMPLE.some((c) => c.caller_id === '' || c.caller_id === 'anonymous'));
    assert.ok(nanp / SAMPLE.length > 0.9);
  });

  it('shapes durations, outcomes and disconnects as designed', () => {
    const n = SAMPLE.length;
    const share = (pred: (c: IngestCallJson) => boolean) => SAMPLE.filter(pred).length / n;
    const durations = SAMPLE.map((c) => c.duration_sec).sort((a, b) => a - b);
    const median = durations[n >> 1];
    assert.ok(median >= 80 && median <= 170, `median ${median}`);
    const short = share((c) => c.duration_sec < 15);
    assert.ok(short > 0.25 && short < 0.35, `short ${short}`);
    const long = share((c) => c.duration_sec > 1800);
    assert.ok(long > 0.005 && long < 0.06, `over 30 min ${long}`);

    const none = share((c) => c.extraction === null);
    assert.ok(none > 0.12 && none < 0.18, `null extraction ${none}`);
    const t1 = share((c) => tierOf(c.extraction) === 1);
    const t2 = share((c) => tierOf(c.extraction) === 2);
    const t3 = share((c) => tierOf(c.extraction) === 3);
    assert.ok(t1 > 0.09 && t1 < 0.15, `tier1 ${t1}`);
    assert.ok(t2 > 0.3 && t2 < 0.4, `tier2 ${t2}`);
    assert.ok(t3 > 0.3 && t3 < 0.42, `tier3 ${t3}`);

    const conf = SAMPLE.map((c) => c.extraction?.auditor_confidence).filter((v): v is number => v != null);
    const high = conf.filter((v) => v >= 0.7).length / conf.length;
    assert.ok(high > 0.55 && high < 0.85, `high confidence ${high}`);

    const hungUp = share((c) => c.disconnect_reason === 'caller_hung_up_normal');
    assert.ok(hungUp > 0.8, `hung up ${hungUp}`);
    const nullReason = share((c) => c.disconnect_reason === null);
    assert.ok(nullReason > 0.01 && nullReason < 0.04, `null reason ${nullReason}`);
    for (const c of SAMPLE) if (c.disconnect_reason === 'ai_session_capped') assert.ok(c.duration_sec >= 2700);
    assert.ok(share((c) => c.cleanly_closed === true) > 0.85);
    // Tier-1 calls run longer than tier-3 ones.
    const med = (tier: number) => {
      const d = SAMPLE.filter((c) => tierOf(c.extraction) === tier)
        .map((c) => c.duration_sec)
        .sort((a, b) => a - b);
      return d[d.length >> 1];
    };
    assert.ok(med(1) > med(3));
  });

  it('follows Eastern business hours and a weekday rhythm', () => {
    const fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      weekday: 'short',
      hour: 'numeric',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const perDay = new Map<string, { weekend: boolean; count: number }>();
    const perHour = new Array<number>(24).fill(0);
    for (const c of SAMPLE) {
      const parts = Object.fromEntries(fmt.formatToParts(new Date(c.started_at)).map((p) => [p.type, p.value]));
      const key = `${parts.year}-${parts.month}-${parts.day}`;
      const d = perDay.get(key) ?? { weekend: parts.weekday === 'Sat' || parts.weekday === 'Sun', count: 0 };
      d.count++;
      perDay.set(key, d);
      perHour[Number(parts.hour)]++;
    }
    const full = [...perDay.values()].slice(1, -1); // first and last Eastern days are partial
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const weekday = avg(full.filter((d) => !d.weekend).map((d) => d.count));
    const weekend = avg(full.filter((d) => d.weekend).map((d) => d.count));
    const ratio = weekend / weekday;
    assert.ok(ratio > 0.3 && ratio < 0.5, `weekend/weekday ${ratio}`);
    const business = avg(perHour.slice(9, 18));
    const night = avg(perHour.slice(0, 6));
    assert.ok(business > 5 * night, `business ${business} vs night ${night}`);
    const businessShare = perHour.slice(9, 18).reduce((a, b) => a + b, 0) / SAMPLE.length;
    assert.ok(businessShare > 0.55, `9am–6pm ET share ${businessShare}`);
  });

  it('streams: the first records of a huge request arrive at once', () => {
    const it = generateCalls({ days: 365, callsPerDay: 10_000_000, end: END, transcripts: false });
    const t0 = performance.now();
    for (let i = 0; i < 5; i++) assert.equal(it.next().done, false);
    assert.ok(performance.now() - t0 < 1000);
  });

  it('generates 100,000 calls without transcripts quickly', () => {
    const t0 = performance.now();
    let n = 0;
    for (const _ of generateCalls({ days: 30, callsPerDay: 100_000 / 30, end: END, transcripts: false })) n++;
    const ms = performance.now() - t0;
    assert.equal(n, 100_000);
    console.log(`100,000 calls without transcripts in ${ms.toFixed(0)} ms (${Math.round((n / ms) * 1000)}/s)`);
  });

  it('generates live sessions started within the last 20 minutes', () => {
    const now = new Date('2026-11-20T15:00:00.750Z');
    const sessions = generateLiveSessions(now, 25, 7);
    assert.equal(sessions.length, 25);
    assert.deepEqual(generateLiveSessions(now, 25, 7), sessions);
    let prev = '';
    for (const s of sessions) {
      assert.match(s.call_sid, /^CA[0-9a-f]{32}$/);
      assert.ok((SESSION_STATES as readonly string[]).includes(s.state));
      const t = Date.parse(s.started_at);
      assert.ok(t < now.getTime() && t > now.getTime() - 20 * 60_000, s.started_at);
      assert.ok(s.started_at >= prev);
      prev = s.started_at;
      assert.match(s.caller_id, /^\+1[2-9]\d{9}$/);
      assert.ok(s.lure_category === null || /^[A-Z0-9_]+$/.test(s.lure_category));
      assert.ok(s.persona.length > 0);
    }
    assert.equal(new Set(sessions.map((s) => s.call_sid)).size, 25);
    assert.deepEqual(generateLiveSessions(now, 0), []);
  });
});
