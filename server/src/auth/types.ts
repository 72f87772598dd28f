/** Who may call a route. Menu access: the caller's role is granted one of the paths (admin: all). */
export type Access = 'public' | 'user' | 'admin' | { menu: string[] };

export interface AuthUser {
  id: number;
  username: string;
  role: string;
  /** 'admin' = staff back office, 'supplier' = supplier portal */
  area: 'admin' | 'supplier';
  status: string;
  menus: string[];
  /** Shops the user belongs to (suppliers). */
  shopIds: number[];
  /** The account's token generation: a token carrying another is refused (auth/sessions.ts). */
  tokenGeneration: number;
}

export interface TokenPayload {
  sub: number;
  role: string;
  /** The account's token generation when the token was issued. */
  gen: number;
  /** The session's id (a row of `sessions`). */
  jti: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
    /** The signed-in request's session id (its token's jti). */
    sessionId: string | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload & { iat: number; exp: number };
  }
}
