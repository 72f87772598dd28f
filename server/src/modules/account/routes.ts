import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import {
  authenticateLogin,
  loginBucket,
  registerSupplier,
  sessionFor,
  publicUser,
  type RegisterInput,
} from './service.js';
import { loginSchema, meSchema, registerSchema } from './schemas.js';
import { routesOf } from '../../lib/route.js';
import { enforce } from '../../lib/rate-limit.js';
import { LIMIT_DEFAULTS } from '../../config.js';

export default async function accountRoutes(app: FastifyInstance) {
  const r = routesOf(app, '/api/account', { tags: ['account'] });
  const { db } = app;
  const login = app.config.loginRateLimit;
  const loginWindow = { max: login.max, timeWindowMs: login.timeWindowMs };
  const perAddress = { max: login.perAddress ?? LIMIT_DEFAULTS.loginPerAddress, timeWindowMs: login.timeWindowMs };
  const signup = app.config.signupRateLimit ?? LIMIT_DEFAULTS.signup;

  r.post<{ Body: { users: string; password: string; typeLogin: 'staff' | 'supplier' } }>(
    'login',
    { schema: loginSchema },
    async (request, reply) => {
      const { users, password, typeLogin } = request.body;
      // Both buckets are counted before the password is checked (argon2): a refused attempt costs one upsert each.
      await enforce(db, reply, [
        {
          key: `login:addr:${request.ip}`,
          limit: perAddress,
          message: 'Too many sign-in attempts from this address. Try again in {wait}.',
        },
        {
          key: `login:${await loginBucket(db, users)}`,
          limit: loginWindow,
          message: 'Too many sign-in attempts. Try again in {wait}.',
        },
      ]);
      const who = await authenticateLogin(db, users, password, typeLogin);
      const session = await sessionFor(db, who.id);
      const accessToken = app.jwt.sign({ sub: who.id, role: who.role });
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
    const who = await registerSupplier(db, request.body);
    const user = await publicUser(db, who.id);
    return { accessToken: app.jwt.sign({ sub: who.id, role: who.role }), user };
  });

  r.get('me', { schema: meSchema }, async (request) => {
    return sessionFor(db, requireUser(request).id);
  });
}
