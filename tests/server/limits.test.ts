import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.js';
import { rateLimits, users } from '../../server/src/db/schema.js';
import { createTestApp, dbKinds, testConfig, type TestApp } from '../support/app.js';

// Small limits so a few requests reach them: 3 attempts per account, 5 per address, 2 sign-ups per address.
const config = {
  loginRateLimit: { max: 3, perAddress: 5, timeWindowMs: 60_000 },
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

  it('counts the username and the e-mail of one account in one bucket, with a Retry-After', async () => {
    const [editor] = await t.app.db.select({ email: users.email }).from(users).where(eq(users.username, 'editor'));
    expect((await login(t.app, '198.51.100.1', 'editor')).statusCode).toBe(401);
    expect((await login(t.app, '198.51.100.2', editor.email.toUpperCase())).statusCode).toBe(401);
    expect((await login(t.app, '198.51.100.3', ' Editor ')).statusCode).toBe(401);
    // The right password, from yet another address, through the e-mail: the account's bucket is full.
    const res = await login(t.app, '198.51.100.4', editor.email, 'Demo@2026');
    const retry = expect429(res, /^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    expect(retry).toBeLessThanOrEqual(60);
    expect(res.json().message).toBe(`Too many sign-in attempts. Try again in ${retry} seconds.`);
    // Another account is not held up.
    expect((await login(t.app, '198.51.100.4', 'admin', 'Demo@2026')).statusCode).toBe(200);
  });

  it('caps one address across accounts, and other addresses go on', async () => {
    const from = '203.0.113.9';
    for (const name of ['nobody-1', 'nobody-2', 'nobody-3', 'nobody-4', 'nobody-5'])
      expect((await login(t.app, from, name)).statusCode).toBe(401);
    expect429(
      await login(t.app, from, 'supplier3', 'Demo@2026', 'supplier'),
      /^Too many sign-in attempts from this address\. Try again in \d+ seconds\.$/,
    );
    expect((await login(t.app, '203.0.113.10', 'supplier3', 'Demo@2026', 'supplier')).statusCode).toBe(200);
  });

  it('opens the bucket again when its window has passed', async () => {
    const from = '203.0.113.20';
    for (let i = 0; i < 3; i++) expect((await login(t.app, from, 'no-such-user-x')).statusCode).toBe(401);
    expect429(await login(t.app, from, 'no-such-user-x'), /Try again/);
    await t.app.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, 'login:name:no-such-user-x'));
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
      // Alternate the two servers: each saw fewer than the limit, together they reach it.
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
