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
}

export interface TokenPayload {
  sub: number;
  role: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload & { iat: number; exp: number };
  }
}
