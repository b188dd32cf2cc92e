// Environment → typed config, validated once at start. Every env var the service reads is
// listed here (and in the README's configuration table).

interface RateSpec {
  max: number;
  windowSec: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Prefix of every Redis key and channel, so deployments (or test runs) can share a Redis. */
  redisPrefix: string;
  adminToken: string | null;
  /** When set, GET /metrics needs `Authorization: Bearer <it>`. */
  metricsToken: string | null;
  demo: boolean;
  rateGeneral: RateSpec;
  rateAgent: RateSpec;
  /** Heavy requests (exports, TAXII pages, agent asks) an org may run at once, per instance. */
  heavyConcurrency: number;
  sessionTtlSec: number;
  webhookRetrySchedule: number[];
  webhookTimeoutMs: number;
  webhookAllowPrivate: boolean;
  webhookAllowHttp: boolean;
  alertEvalSec: number;
  /** The retention job runs this often (seconds; 0: never, docs/retention.md); its first run one interval after start. */
  retentionEverySec: number;
  agentProvider: 'builtin' | 'openai';
  openaiApiKey: string | null;
  openaiBaseUrl: string | null;
  agentModel: string;
  logLevel: string;
  /**
   * The service's public base URL (scheme, host, optional port and path, no trailing slash),
   * for the absolute URLs TAXII discovery gives; null: paths only.
   */
  publicUrl: string | null;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function flag(env: Env, name: string, def: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${raw}"`);
}

function rate(env: Env, name: string, def: string): RateSpec {
  const raw = env[name] || def;
  const m = /^(\d+)\/(\d+)s?$/.exec(raw);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
    throw new ConfigError(`${name} must look like N/seconds (e.g. ${def}), got "${raw}"`);
  }
  return { max: Number(m[1]), windowSec: Number(m[2]) };
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses "5s,5m,30m,2h" into milliseconds. */
function parseDurations(raw: string, name: string): number[] {
  const out = raw.split(',').map((part) => {
    const m = /^\s*(\d+)(ms|s|m|h|d)\s*$/.exec(part);
    if (!m) throw new ConfigError(`${name} must be comma-separated durations like 5s,5m,2h; got "${raw}"`);
    return Number(m[1]) * UNIT_MS[m[2]];
  });
  if (out.length === 0) throw new ConfigError(`${name} must list at least one duration`);
  return out;
}

/** HONEYPOT_PUBLIC_URL: an http(s) URL without credentials, query or fragment; returned without its trailing slash. */
function publicUrl(env: Env): string | null {
  const raw = env.HONEYPOT_PUBLIC_URL;
  if (raw === undefined || raw === '') return null;
  const bad = () => new ConfigError(`HONEYPOT_PUBLIC_URL must be an http(s) URL such as https://intel.example.org, got "${raw}"`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw bad();
  }
  if (
    !['http:', 'https:'].includes(url.protocol) ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    raw.includes('?') ||
    raw.includes('#')
  ) {
    throw bad();
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL');
  }
  const redisUrl = env.REDIS_URL || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('REDIS_URL must be a redis:// URL');
  const provider = env.HONEYPOT_AGENT_PROVIDER || 'builtin';
  if (provider !== 'builtin' && provider !== 'openai') {
    throw new ConfigError(`HONEYPOT_AGENT_PROVIDER must be "builtin" or "openai", got "${provider}"`);
  }
  if (provider === 'openai' && !env.OPENAI_API_KEY) {
    throw new ConfigError('HONEYPOT_AGENT_PROVIDER=openai needs OPENAI_API_KEY');
  }
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: env.HONEYPOT_DATA_DIR || './data',
    databaseUrl,
    redisUrl,
    redisPrefix: env.HONEYPOT_REDIS_PREFIX || 'honeypot:',
    adminToken: env.HONEYPOT_ADMIN_TOKEN || null,
    metricsToken: env.HONEYPOT_METRICS_TOKEN || null,
    demo: flag(env, 'HONEYPOT_DEMO', true),
    rateGeneral: rate(env, 'HONEYPOT_RATE_GENERAL', '600/60'),
    rateAgent: rate(env, 'HONEYPOT_RATE_AGENT', '30/300'),
    heavyConcurrency: int(env, 'HONEYPOT_HEAVY_CONCURRENCY', 2, 1, 64),
    sessionTtlSec: int(env, 'HONEYPOT_SESSION_TTL_SEC', 60, 1, 86_400),
    webhookRetrySchedule: parseDurations(
      env.HONEYPOT_WEBHOOK_RETRY_SCHEDULE || '5s,5m,30m,2h,5h,10h,10h',
      'HONEYPOT_WEBHOOK_RETRY_SCHEDULE',
    ),
    webhookTimeoutMs: int(env, 'HONEYPOT_WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    webhookAllowPrivate: flag(env, 'HONEYPOT_WEBHOOK_ALLOW_PRIVATE', false),
    webhookAllowHttp: flag(env, 'HONEYPOT_WEBHOOK_ALLOW_HTTP', false),
    alertEvalSec: int(env, 'HONEYPOT_ALERT_EVAL_SEC', 60, 1, 86_400),
    retentionEverySec: int(env, 'HONEYPOT_RETENTION_EVERY_SEC', 600, 0, 86_400),
    agentProvider: provider,
    openaiApiKey: env.OPENAI_API_KEY || null,
    openaiBaseUrl: env.OPENAI_BASE_URL || null,
    agentModel: env.HONEYPOT_AGENT_MODEL || 'gpt-4o-mini',
    logLevel: env.LOG_LEVEL || 'info',
    publicUrl: publicUrl(env),
  };
}
