// Reading the session token (spec §3, §5, §6): decode its claims, decide validity, admin and username.
// Pure functions only. The client never verifies the signature: the server does on every frame, and the
// client has no secret; a token is "valid" here only in the spec's sense (decodes, exp later than now).
import { Role, TokenClaimsSchema, type TokenClaims } from '../../protocol/auth';

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The token's claims, or undefined when it is not three dot-separated parts with a JSON claims payload. */
export function decodeClaims(token: string | undefined): TokenClaims | undefined {
  if (!token) return undefined;
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || !payload) return undefined;
  try {
    const parsed = TokenClaimsSchema.safeParse(JSON.parse(decodeBase64Url(payload)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // atob, TextDecoder and JSON.parse all throw on garbage: spec §5 counts that as invalid.
    return undefined;
  }
}

/** Spec §5: valid only if it decodes and exp (seconds) is later than now (milliseconds). */
export function isTokenValid(token: string | undefined, nowMs: number): boolean {
  const claims = decodeClaims(token);
  return claims !== undefined && claims.exp * 1000 > nowMs;
}

/** Spec §6: admin only when the roles claim contains ROLE_ADMIN; a decoding failure means not admin. */
export function isAdminToken(token: string | undefined): boolean {
  return decodeClaims(token)?.roles.includes(Role.ADMIN) ?? false;
}

/** The user name (claim sub), or undefined when the token does not decode. */
export function usernameFromToken(token: string | undefined): string | undefined {
  return decodeClaims(token)?.sub;
}
