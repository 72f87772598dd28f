import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { wholeNumber } from './lib/settings.js';
import type { S3Config } from './lib/storage.js';
import { outboxConfigFrom, type OutboxConfig } from './modules/outbox/config.js';
import { repoRoot } from './root.js';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Set → PostgreSQL server; unset → PGlite files under dataDir/pglite. */
  databaseUrl: string | null;
  jwtSecret: string;
  /** Token lifetime in seconds. */
  tokenTtl: number;
  seedDemo: boolean;
  /** Built front end; served when the directory exists. */
  staticDir: string | null;
  /**
   * Wrong passwords. Per account and client address (its username and e-mail share one account; an unknown name
   * counts as one): `max` without delay, then each next attempt waits `delayMs` (default 1 s) doubled per attempt,
   * up to 15 minutes. Per client address across accounts: `perAddress` in `timeWindowMs` (default 30 a minute).
   * A right password is never counted, and one address's guesses never hold up another address. Kept in the database.
   */
  loginRateLimit: { max: number; timeWindowMs: number; perAddress?: number; delayMs?: number };
  /** Supplier sign-ups per client address in a window, refused before the password is hashed. Default 5 an hour. */
  signupRateLimit?: { max: number; timeWindowMs: number };
  logger: FastifyServerOptions['logger'];
  /** Auth record cache lifetime, ms (0 = off, at most 2000). Default 2000. */
  authCacheMs?: number;
  /** How often the notification delivery worker runs, ms; 0 or unset = no worker (test apps). Default 15000. */
  notifyWorkerMs?: number;
  /** Heartbeat (and caller re-check) interval of event streams, ms. Default 25000. */
  sseHeartbeatMs?: number;
  /** Uploads in an S3-compatible bucket (S3_BUCKET set); unset = the folder DATA_DIR/uploads (lib/storage.ts). */
  s3?: S3Config | null;
  /** The outbox relay and the outside systems' addresses (modules/outbox/config.ts); unset = no relay, nothing configured (test apps). */
  outbox?: Partial<OutboxConfig>;
}

/**
 * Abuse-limit defaults. 30 wrong passwords a minute from one address leaves room for an office behind one NAT
 * address and stops one address trying passwords across many accounts; 5 free wrong passwords per account and
 * address, then 1 s, 2 s, 4 s… up to 15 minutes between attempts (forgotten an hour after the last), leave a
 * person who mistypes unhindered and hold a guesser to a few dozen guesses a day; 5 sign-ups an hour is more than
 * one supplier needs and stops a sign-up flood (each costs an argon2 hash) at the sixth request.
 */
export const LIMIT_DEFAULTS = {
  loginPerAddress: 30,
  loginSlowDown: { free: 5, delayMs: 1000, maxDelayMs: 900_000, forgetMs: 3_600_000 },
  signup: { max: 5, timeWindowMs: 3_600_000 },
};

function flag(value: string | undefined, dflt: boolean): boolean {
  if (value === undefined || value === '') return dflt;
  return !['0', 'false', 'off', 'no'].includes(value.trim().toLowerCase());
}

const positiveInt = (name: string, value: string | undefined, dflt: number) => wholeNumber(name, value, dflt);

/** S3_BUCKET and its companions; null without a bucket. Keys come in pairs or not at all (then the SDK's own chain). */
export function s3ConfigFrom(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!!accessKeyId !== !!secretAccessKey)
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
  return {
    bucket,
    endpoint: env.S3_ENDPOINT?.trim() || null,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, false),
  };
}

/** The secret is generated once per data dir, so tokens survive restarts without a constant in the code. */
export function jwtSecretFor(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const s = readFileSync(file, 'utf8').trim();
    if (s.length >= 32) return s;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  const staticDir = resolve(env.STATIC_DIR || join(repoRoot, 'dist'));
  return {
    port: env.PORT === '0' ? 0 : positiveInt('PORT', env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    jwtSecret: env.JWT_SECRET || jwtSecretFor(dataDir),
    tokenTtl: positiveInt('TOKEN_TTL', env.TOKEN_TTL, 28800),
    seedDemo: flag(env.SEED_DEMO, true),
    staticDir,
    loginRateLimit: {
      max: positiveInt('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, LIMIT_DEFAULTS.loginSlowDown.free),
      timeWindowMs: 60_000,
      perAddress: positiveInt('LOGIN_ADDRESS_RATE_LIMIT', env.LOGIN_ADDRESS_RATE_LIMIT, LIMIT_DEFAULTS.loginPerAddress),
    },
    signupRateLimit: {
      max: positiveInt('SIGNUP_RATE_LIMIT', env.SIGNUP_RATE_LIMIT, LIMIT_DEFAULTS.signup.max),
      timeWindowMs: LIMIT_DEFAULTS.signup.timeWindowMs,
    },
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL || 'info' },
    authCacheMs: env.AUTH_CACHE_MS === '0' ? 0 : Math.min(2000, positiveInt('AUTH_CACHE_MS', env.AUTH_CACHE_MS, 2000)),
    notifyWorkerMs: env.NOTIFY_WORKER_MS === '0' ? 0 : positiveInt('NOTIFY_WORKER_MS', env.NOTIFY_WORKER_MS, 15_000),
    outbox: outboxConfigFrom(env),
    s3: s3ConfigFrom(env),
  };
}
