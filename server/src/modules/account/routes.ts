import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { clientOf, startSession } from '../../auth/sessions.js';
import {
  authenticateLogin,
  loginBucket,
  registerSupplier,
  sessionFor,
  SIGNUP_ACCEPTED,
  type RegisterInput,
} from './service.js';
import { loginSchema, meSchema, registerSchema } from './schemas.js';
import { routesOf } from '../../lib/route.js';
import { claimAttempt, enforce, forget, refund, tooMany } from '../../lib/rate-limit.js';
import { HttpError } from '../../lib/errors.js';
import { LIMIT_DEFAULTS } from '../../config.js';

export default async function accountRoutes(app: FastifyInstance) {
  const r = routesOf(app, '/api/account', { tags: ['account'] });
  const { db } = app;
  const login = app.config.loginRateLimit;
  const perAddress = { max: login.perAddress ?? LIMIT_DEFAULTS.loginPerAddress, timeWindowMs: login.timeWindowMs };
  const slowDown = {
    ...LIMIT_DEFAULTS.loginSlowDown,
    free: login.max,
    delayMs: login.delayMs ?? LIMIT_DEFAULTS.loginSlowDown.delayMs,
  };
  const signup = app.config.signupRateLimit ?? LIMIT_DEFAULTS.signup;

  r.post<{ Body: { users: string; password: string; typeLogin: 'staff' | 'supplier' } }>(
    'login',
    { schema: loginSchema },
    async (request, reply) => {
      const { users, password, typeLogin } = request.body;
      // Counted before the password is checked (argon2), so a refused attempt costs an upsert; a right password
      // gives its counts back. The account's count is per address: guesses from one address never hold up another.
      const addressKey = `login:addr:${request.ip}`;
      const accountKey = `login:${await loginBucket(db, users)}:${request.ip}`;
      const passed = async () => {
        await forget(db, accountKey);
        await refund(db, addressKey);
      };
      await enforce(db, reply, [
        {
          key: addressKey,
          limit: perAddress,
          message: 'Too many sign-in attempts from this address. Try again in {wait}.',
        },
      ]);
      const waitS = await claimAttempt(db, accountKey, slowDown);
      if (waitS !== null) {
        // The address's cap counts passwords tried: this one was not.
        await refund(db, addressKey);
        throw tooMany(reply, waitS, 'Too many sign-in attempts. Try again in {wait}.');
      }
      let who: Awaited<ReturnType<typeof authenticateLogin>>;
      try {
        who = await authenticateLogin(db, users, password, typeLogin);
      } catch (err) {
        // Only a wrong password (401) stays counted: a 403 (disabled, other sign-in page) had the right one.
        if (!(err instanceof HttpError && err.statusCode === 401)) await passed();
        throw err;
      }
      await passed();
      const session = await sessionFor(db, who.id);
      const accessToken = await startSession(app, db, who, clientOf(request));
      return { status: 200, message: 'Signed in successfully.', accessToken, ...session };
    },
  );

  r.post<{ Body: RegisterInput }>('register', { schema: registerSchema }, async (request, reply) => {
    // Before anything else: a flood of sign-ups is refused without hashing a password or touching the users table.
    await enforce(db, reply, [
      {
        key: `signup:addr:${request.ip}`,
        limit: signup,
        message: 'Too many sign-ups from this address. Try again in {wait}.',
      },
    ]);
    await registerSupplier(db, request.body);
    return { status: 200, message: SIGNUP_ACCEPTED };
  });

  r.get('me', { schema: meSchema }, async (request) => {
    return sessionFor(db, requireUser(request).id);
  });
}
