/**
 * What the server log may hold: the method and path of a request, never its query string (search boxes,
 * tokens in links, customers' names), its credentials or a secret that passes through a logged object.
 * Errors are logged through `loggableError` (error-handler.ts), which drops a failed query's parameters.
 */
import type { FastifyServerOptions } from 'fastify';

const SECRET_KEYS = [
  'password',
  'newPassword',
  'oldPassword',
  'currentPassword',
  'passwordHash',
  'password_hash',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'params',
];

export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`]),
];

/** The path of a URL, without its query string. */
export const pathOnly = (url: string | undefined) => (url ?? '').split('?')[0];

/** The logger options with redaction and a request serializer that keeps the path only (`false` stays off). */
export function safeLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  return {
    // Written as Node writes stdout (synchronously to a pipe or file), not through pino's default asynchronous
    // stream: that one flushes at exit in a loop that never ends once stdout's reader is gone (EPIPE), and the
    // process hung after closing its listener when the parent that sent SIGTERM had exited.
    stream: process.stdout,
    ...(logger === true ? {} : logger),
    redact: { paths: LOG_REDACT, censor: '[redacted]' },
    serializers: {
      req: (req: { method?: string; url?: string; host?: string; ip?: string }) => ({
        method: req.method,
        url: pathOnly(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
  };
}
