import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { authenticateLogin, registerSupplier, sessionFor, publicUser, type RegisterInput } from './service.js';
import { loginSchema, meSchema, registerSchema } from './schemas.js';
import { routesOf } from '../../lib/route.js';

export default async function accountRoutes(app: FastifyInstance) {
  const r = routesOf(app, '/api/account', { tags: ['account'] });
  const { db } = app;
  const limit = app.config.loginRateLimit;

  r.post<{ Body: { users: string; password: string; typeLogin: 'staff' | 'supplier' } }>('login', {
    schema: loginSchema,
    config: {
      rateLimit: {
        max: limit.max,
        timeWindow: limit.timeWindowMs,
        // After body parsing, so the key can include the username.
        hook: 'preHandler',
        keyGenerator: (req) => `${req.ip}|${String((req.body as { users?: unknown })?.users ?? '').trim().toLowerCase()}`,
        errorResponseBuilder: (_req, ctx) => {
          const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
          return { statusCode: 429, status: 429, message: `Too many sign-in attempts. Try again in ${seconds} seconds.` };
        },
      },
    },
  }, async (request) => {
    const { users, password, typeLogin } = request.body;
    const who = await authenticateLogin(db, users, password, typeLogin);
    const session = await sessionFor(db, who.id);
    const accessToken = app.jwt.sign({ sub: who.id, role: who.role });
    return { status: 200, message: 'Signed in successfully.', accessToken, ...session };
  });

  r.post<{ Body: RegisterInput }>('register', { schema: registerSchema }, async (request) => {
    const who = await registerSupplier(db, request.body);
    const user = await publicUser(db, who.id);
    return { accessToken: app.jwt.sign({ sub: who.id, role: who.role }), user };
  });

  r.get('me', { schema: meSchema }, async (request) => {
    return sessionFor(db, requireUser(request).id);
  });
}
