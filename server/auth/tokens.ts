// Session tokens: HS256 JWTs via jose with sub, exp, roles, iss and aud (DESIGN §5). Verification pins the
// algorithm, issuer and audience; nothing here trusts a token it did not verify.
import { jwtVerify, SignJWT } from 'jose';
import { Role, TokenClaimsSchema, type RoleName } from '../../src/protocol/auth';

const ISSUER = 'lotdesk';
const AUDIENCE = 'lotdesk';

export interface AuthUser {
  username: string;
  roles: string[];
}

/** Admins see and change every lot and receive every lot push (DESIGN §5). */
export const isAdmin = (user: AuthUser): boolean => user.roles.includes(Role.ADMIN);

export interface TokenService {
  issue(user: { username: string; roles: readonly RoleName[] | readonly string[] }): Promise<string>;
  /** The user of a valid, unexpired token; undefined for anything else. */
  verify(token: string): Promise<AuthUser | undefined>;
}

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  return {
    async issue(user) {
      return new SignJWT({ roles: [...user.roles] })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.username)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        const claims = TokenClaimsSchema.safeParse(payload);
        return claims.success ? { username: claims.data.sub, roles: claims.data.roles } : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** `Bearer <jwt>` → `<jwt>`; header names are matched case-insensitively because STOMP clients differ. */
export function bearerToken(headers: Readonly<Record<string, string>>): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== 'authorization') continue;
    const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
    return match?.[1];
  }
  return undefined;
}
