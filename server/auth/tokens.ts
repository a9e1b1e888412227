// Session tokens: HS256 JWTs via jose with sub, exp, iat, roles, ver, uid, iss and aud (DESIGN §5). Verification pins
// the algorithm, issuer and audience; nothing here trusts a token it did not verify. `ver` is the account's token
// version when the token was issued and `uid` its id (a user removed and later added again under the same name is a
// new account, which the old tokens must not open): whether they still match is the account check's business
// (./users.ts honours), since only the database knows.
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { Role, TokenClaimsSchema, type RoleName } from '../../src/protocol/auth';

const ISSUER = 'lotdesk';
const AUDIENCE = 'lotdesk';

/** Tokens issued before versions existed carry no `ver`: they are version 0, every account's first. */
const ServerClaimsSchema = TokenClaimsSchema.extend({
  ver: z.number().int().nonnegative().default(0),
  uid: z.number().int().positive().optional(),
  iat: z.number().optional(),
});

export interface AuthUser {
  username: string;
  roles: string[];
}

/** A token that verified: its user, the account (version and id) it was issued for, and when. */
export interface VerifiedUser extends AuthUser {
  tokenVersion: number;
  /** The account's id, when the issuer knew it (tokens made by login always carry it). */
  accountId?: number;
  /** Milliseconds since the epoch (the `iat` claim, whole seconds; 0 without one). */
  issuedAt: number;
  /** Milliseconds since the epoch (the `exp` claim). */
  expiresAt: number;
}

/** Admins see and change every lot and receive every lot push (DESIGN §5). */
export const isAdmin = (user: AuthUser): boolean => user.roles.includes(Role.ADMIN);

export interface TokenService {
  /** A token for the account as it is now: `tokenVersion` and `id` are the users row's (version 0 when not given). */
  issue(user: { username: string; roles: readonly RoleName[] | readonly string[]; tokenVersion?: number; id?: number }): Promise<string>;
  /** The user of a valid, unexpired token; undefined for anything else. */
  verify(token: string): Promise<VerifiedUser | undefined>;
}

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  return {
    async issue(user) {
      return new SignJWT({ roles: [...user.roles], ver: user.tokenVersion ?? 0, ...(user.id === undefined ? {} : { uid: user.id }) })
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
        const claims = ServerClaimsSchema.safeParse(payload);
        if (!claims.success) return undefined;
        const { sub, roles, ver, uid, iat, exp } = claims.data;
        return { username: sub, roles, tokenVersion: ver, accountId: uid, issuedAt: (iat ?? 0) * 1000, expiresAt: exp * 1000 };
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
