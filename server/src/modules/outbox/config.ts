/**
 * The outside systems the outbox relay delivers to, which job topics go to which, and their
 * addresses from the environment (`OUTBOX_<SYSTEM>_URL` + `OUTBOX_<SYSTEM>_SECRET`). A system with no
 * URL is not configured: its jobs stay queued and the screens say so.
 */
import { wholeNumber } from '../../lib/settings.js';

export const OUTBOX_SYSTEMS = ['storefront', 'gp', 'tis', 'purchasing', 'orders'] as const;
export type OutboxSystem = (typeof OUTBOX_SYSTEMS)[number];

/** Each topic: the system that receives it and the endpoint that queues it (whoever may call it may see and retry its jobs). */
export const TOPICS: Record<string, { system: OutboxSystem; endpoint: string }> = {
  'product.sync': { system: 'storefront', endpoint: '/api/product/syncproduct' },
  'product.sync_change': { system: 'storefront', endpoint: '/api/product/syncchangeproduct' },
  'product.gp_sync': { system: 'gp', endpoint: '/api/product/gpproductsync' },
  'product.create_gp_item': { system: 'gp', endpoint: '/api/product/creategp' },
  'product.send_tis': { system: 'tis', endpoint: '/api/product/senttis' },
  'product.sync_to_purchase': { system: 'purchasing', endpoint: '/api/product/synctopurchase' },
  'orders.sync': { system: 'orders', endpoint: '/api/order/syncorders' },
};

export const systemOf = (topic: string): OutboxSystem | null => TOPICS[topic]?.system ?? null;

export interface OutboxTarget {
  url: string;
  secret: string;
}

export interface OutboxConfig {
  /** How often the relay looks for due jobs, ms; 0 = no relay (test apps, unless a test turns it on). */
  workerMs: number;
  /** Delay before the first retry, ms; doubled on each further try (at most `maxBackoffMs`), with jitter. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Tries before a job is dead. */
  maxAttempts: number;
  /** Per request: no answer within it is a failed try. */
  timeoutMs: number;
  /** How long a claimed job is held by one relay; past it another relay takes it (a crashed sender). Longer than `timeoutMs`. */
  leaseMs: number;
  targets: Partial<Record<OutboxSystem, OutboxTarget>>;
}

export const OUTBOX_DEFAULTS: Omit<OutboxConfig, 'targets'> = {
  workerMs: 5000,
  backoffMs: 10_000,
  maxBackoffMs: 3_600_000,
  maxAttempts: 8,
  timeoutMs: 10_000,
  leaseMs: 60_000,
};

/** The relay's settings from the environment; a URL without its secret (or a bad URL) stops the server at start. */
export function outboxConfigFrom(env: NodeJS.ProcessEnv): OutboxConfig {
  const targets: OutboxConfig['targets'] = {};
  for (const system of OUTBOX_SYSTEMS) {
    const key = `OUTBOX_${system.toUpperCase()}`;
    const url = env[`${key}_URL`]?.trim();
    if (!url) continue;
    if (!/^https?:\/\//.test(url) || !URL.canParse(url))
      throw new Error(`${key}_URL must be an http(s) URL, got "${url}"`);
    const secret = env[`${key}_SECRET`] ?? '';
    if (secret.length < 16)
      throw new Error(`${key}_SECRET must be set (16 characters or more) when ${key}_URL is: it signs every request`);
    targets[system] = { url, secret };
  }
  const config: OutboxConfig = {
    workerMs: wholeNumber('OUTBOX_WORKER_MS', env['OUTBOX_WORKER_MS'], OUTBOX_DEFAULTS.workerMs, 0),
    backoffMs: wholeNumber('OUTBOX_BACKOFF_MS', env['OUTBOX_BACKOFF_MS'], OUTBOX_DEFAULTS.backoffMs, 1),
    maxBackoffMs: wholeNumber('OUTBOX_MAX_BACKOFF_MS', env['OUTBOX_MAX_BACKOFF_MS'], OUTBOX_DEFAULTS.maxBackoffMs, 1),
    maxAttempts: wholeNumber('OUTBOX_MAX_ATTEMPTS', env['OUTBOX_MAX_ATTEMPTS'], OUTBOX_DEFAULTS.maxAttempts, 1),
    timeoutMs: wholeNumber('OUTBOX_TIMEOUT_MS', env['OUTBOX_TIMEOUT_MS'], OUTBOX_DEFAULTS.timeoutMs, 1),
    leaseMs: wholeNumber('OUTBOX_LEASE_MS', env['OUTBOX_LEASE_MS'], OUTBOX_DEFAULTS.leaseMs, 1),
    targets,
  };
  if (config.leaseMs <= config.timeoutMs)
    throw new Error('OUTBOX_LEASE_MS must be longer than OUTBOX_TIMEOUT_MS (a job is held while its request runs)');
  return config;
}

/** The settings an app runs with: test apps pass part of them (or none: no relay, nothing configured). */
export const outboxSettings = (given: Partial<OutboxConfig> | undefined): OutboxConfig => ({
  ...OUTBOX_DEFAULTS,
  workerMs: 0,
  targets: {},
  ...given,
});
