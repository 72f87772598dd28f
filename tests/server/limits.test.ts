import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.js';
import { rateLimits, users } from '../../server/src/db/schema.js';
import { createTestApp, dbKinds, testConfig, type TestApp } from '../support/app.js';

// Small limits so a few requests reach them: 3 free wrong passwords per account and address, then 10 s, 20 s, 40 s…
// between attempts; 5 wrong passwords a minute per address; 2 sign-ups per address.
const config = {
  loginRateLimit: { max: 3, perAddress: 5, timeWindowMs: 60_000, delayMs: 10_000 },
  signupRateLimit: { max: 2, timeWindowMs: 3_600_000 },
};

/** The test app trusts the loopback proxy, so `x-forwarded-for` stands for the client's address. */
const login = (app: FastifyInstance, from: string, user: string, password = 'wrong-password1', typeLogin = 'staff') =>
  app.inject({
    method: 'POST',
    url: '/api/account/login',
    headers: { 'x-forwarded-for': from },
    payload: { users: user, password, typeLogin },
  });
const signUp = (app: FastifyInstance, from: string, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/account/register',
    headers: { 'x-forwarded-for': from },
    payload: { email, password: 'Garden2026', firstName: 'Flood', lastName: 'Test' },
  });

function expect429(
  res: { statusCode: number; headers: Record<string, unknown>; json(): { status: number; message: string } },
  message: RegExp,
) {
  expect(res.statusCode).toBe(429);
  expect(res.json().status).toBe(429);
  expect(res.json().message).toMatch(message);
  const retry = Number(res.headers['retry-after']);
  expect(Number.isInteger(retry) && retry >= 1).toBe(true);
  return retry;
}

describe.each(dbKinds())('abuse limits (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db: kind, config });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Moves the slow-down row of a key back in time, as if `ms` had passed since the last attempt. */
  const later = async (key: string, ms: number) =>
    t.app.db
      .update(rateLimits)
      .set({ resetAt: sql`${rateLimits.resetAt} - ${ms} * interval '1 millisecond'` })
      .where(eq(rateLimits.key, key));

  /** The address's cap window has passed: its count starts again. */
  const newMinute = async (from: string) => t.app.db.delete(rateLimits).where(eq(rateLimits.key, `login:addr:${from}`));

  it('30 wrong passwords from one address slow that address down; the owner signs in from another at once', async () => {
    const attacker = '198.51.100.1';
    const codes: number[] = [];
    const retries: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await login(t.app, attacker, 'editor');
      codes.push(res.statusCode);
      if (res.statusCode === 429)
        retries.push(expect429(res, /^Too many sign-in attempts\. Try again in \d+ seconds\.$/));
    }
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    expect(codes.slice(3)).toEqual(Array(27).fill(429));
    // 10 s after the third wrong password, counting down.
    expect(retries[0]).toBeGreaterThanOrEqual(9);
    expect(retries[0]).toBeLessThanOrEqual(10);
    expect(retries.at(-1)).toBeLessThanOrEqual(retries[0]);
    // The attacker's right guess is refused too while it must wait.
    expect429(await login(t.app, attacker, 'editor', 'Demo@2026'), /^Too many sign-in attempts\./);

    // The owner, from another address, by username and by e-mail: never refused for the attacker's guesses.
    const [editor] = await t.app.db.select({ email: users.email }).from(users).where(eq(users.username, 'editor'));
    expect((await login(t.app, '198.51.100.2', 'editor', 'Demo@2026')).statusCode).toBe(200);
    expect((await login(t.app, '198.51.100.3', editor.email.toUpperCase(), 'Demo@2026')).statusCode).toBe(200);
    // A mistyped password of the owner's is one of their own free ones.
    expect((await login(t.app, '198.51.100.2', ' Editor ')).statusCode).toBe(401);
    expect((await login(t.app, '198.51.100.2', 'editor', 'Demo@2026')).statusCode).toBe(200);
  });

  it('doubles the wait after each attempt past the free ones, and a right password clears the count', async () => {
    const from = '198.51.100.20';
    const key = (await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'supplier2')))[0].id;
    const row = `login:acct:${key}:${from}`;
    for (let i = 0; i < 3; i++) expect((await login(t.app, from, 'supplier2', 'bad', 'supplier')).statusCode).toBe(401);
    const waits: number[] = [];
    for (const ms of [10_000, 20_000, 40_000]) {
      waits.push(expect429(await login(t.app, from, 'supplier2', 'bad', 'supplier'), /Try again/));
      // The wait has passed: one attempt goes through, and the next must wait twice as long.
      await later(row, ms);
      await newMinute(from);
      expect((await login(t.app, from, 'supplier2', 'bad', 'supplier')).statusCode).toBe(401);
    }
    waits.push(expect429(await login(t.app, from, 'supplier2', 'bad', 'supplier'), /Try again/));
    expect(waits.map((w) => Math.round(w / 10))).toEqual([1, 2, 4, 8]);

    await later(row, 80_000);
    await newMinute(from);
    expect((await login(t.app, from, 'supplier2', 'Demo@2026', 'supplier')).statusCode).toBe(200);
    // Counted from zero again: three free wrong passwords.
    for (let i = 0; i < 3; i++) expect((await login(t.app, from, 'supplier2', 'bad', 'supplier')).statusCode).toBe(401);
    expect429(await login(t.app, from, 'supplier2', 'bad', 'supplier'), /Try again/);
  });

  it('lets one of simultaneous attempts through once the free ones are used', async () => {
    const from = '198.51.100.30';
    for (let i = 0; i < 3; i++) expect((await login(t.app, from, 'no-such-user-p')).statusCode).toBe(401);
    await later(`login:name:no-such-user-p:${from}`, 10_000);
    const res = await Promise.all(Array.from({ length: 6 }, () => login(t.app, from, 'no-such-user-p')));
    expect(res.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429]);
  });

  it('caps one address across accounts, and other addresses go on', async () => {
    const from = '203.0.113.9';
    for (const name of ['nobody-1', 'nobody-2', 'nobody-3', 'nobody-4', 'nobody-5'])
      expect((await login(t.app, from, name)).statusCode).toBe(401);
    for (const name of ['nobody-6', 'nobody-7'])
      expect429(
        await login(t.app, from, name),
        /^Too many sign-in attempts from this address\. Try again in \d+ seconds\.$/,
      );
    expect429(
      await login(t.app, from, 'supplier3', 'Demo@2026', 'supplier'),
      /^Too many sign-in attempts from this address\. Try again in \d+ seconds\.$/,
    );
    expect((await login(t.app, '203.0.113.10', 'supplier3', 'Demo@2026', 'supplier')).statusCode).toBe(200);
  });

  it('counts only wrong passwords against the address: many sign-ins from one office address go through', async () => {
    const from = '203.0.113.30';
    for (let i = 0; i < 12; i++) expect((await login(t.app, from, 'admin', 'Demo@2026')).statusCode).toBe(200);
    // A right password on the wrong sign-in page (403) is not a guess either.
    for (let i = 0; i < 6; i++) expect((await login(t.app, from, 'supplier1', 'Demo@2026')).statusCode).toBe(403);
    for (let i = 0; i < 4; i++) expect((await login(t.app, from, `office-typo-${i}`)).statusCode).toBe(401);
    expect((await login(t.app, from, 'admin', 'Demo@2026')).statusCode).toBe(200);
  });

  it('opens the address cap again when its window has passed', async () => {
    const from = '203.0.113.20';
    for (let i = 0; i < 5; i++) expect((await login(t.app, from, `no-such-user-${i}`)).statusCode).toBe(401);
    expect429(await login(t.app, from, 'no-such-user-x'), /from this address/);
    await t.app.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, `login:addr:${from}`));
    expect((await login(t.app, from, 'no-such-user-x')).statusCode).toBe(401);
  });

  it('refuses a parallel sign-up flood from one address past the limit, before any account is made', async () => {
    const from = '192.0.2.50';
    const res = await Promise.all(Array.from({ length: 12 }, (_, i) => signUp(t.app, from, `flood.${i}@example.com`)));
    const codes = res.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    const refused = res.find((r) => r.statusCode === 429)!;
    const retry = expect429(refused, /^Too many sign-ups from this address\. Try again in \d+ minutes\.$/);
    expect(retry).toBeGreaterThan(60);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(await t.app.db.select({ id: users.id }).from(users).where(like(users.email, 'flood.%'))).toHaveLength(2);
    // Another address may still sign up.
    expect((await signUp(t.app, '192.0.2.51', 'flood.other@example.com')).statusCode).toBe(200);
  });

  it.runIf(kind === 'postgres')('shares the buckets between two server processes on one database', async () => {
    const other = await buildApp(testConfig({ ...config, databaseUrl: t.databaseUrl, seedDemo: false }));
    try {
      await other.ready();
      const from = '198.51.100.77';
      // Alternate the two servers: each saw fewer than the free wrong passwords, together they used them.
      expect((await login(t.app, from, 'supplier1', 'bad', 'supplier')).statusCode).toBe(401);
      expect((await login(other, from, 'supplier1', 'bad', 'supplier')).statusCode).toBe(401);
      expect((await login(t.app, from, 'supplier1', 'bad', 'supplier')).statusCode).toBe(401);
      expect429(await login(other, from, 'supplier1', 'Demo@2026', 'supplier'), /^Too many sign-in attempts\./);
      const res = await Promise.all([
        signUp(t.app, '192.0.2.90', 'two.a@example.com'),
        signUp(other, '192.0.2.90', 'two.b@example.com'),
        signUp(t.app, '192.0.2.90', 'two.c@example.com'),
        signUp(other, '192.0.2.90', 'two.d@example.com'),
      ]);
      expect(res.map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429]);
    } finally {
      await other.close();
    }
  });
});
