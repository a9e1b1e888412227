// Test tokens: unsigned JWT-shaped strings (the client never checks signatures), built from given claims.
const base64Url = (text: string): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export function makeToken(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.c2lnbmF0dXJl`;
}

export const NOW_MS = Date.UTC(2025, 0, 15, 12, 0, 0);
export const nowSeconds = (offset: number): number => Math.floor(NOW_MS / 1000) + offset;

export const userToken = (offsetSeconds = 3600, sub = 'alice'): string =>
  makeToken({ sub, exp: nowSeconds(offsetSeconds), roles: ['ROLE_USER'] });
export const adminToken = (offsetSeconds = 3600, sub = 'admin'): string =>
  makeToken({ sub, exp: nowSeconds(offsetSeconds), roles: ['ROLE_USER', 'ROLE_ADMIN'] });
