// Login request/response (spec §3) and the session token's claims (spec §3, DESIGN §5).
import { z } from 'zod';
import { wireString } from './primitives';

export const LoginRequestSchema = z.object({
  username: wireString().trim().min(1, 'Username is required').max(100),
  password: wireString().min(1, 'Password is required').max(1000),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** On loginResponse: `{jwt}` when the credentials are right, `{message}` otherwise. */
export const LoginResponseSchema = z.union([
  z.object({ jwt: z.string().min(1) }),
  z.object({ message: z.string() }),
]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const Role = { USER: 'ROLE_USER', ADMIN: 'ROLE_ADMIN' } as const;
export type RoleName = (typeof Role)[keyof typeof Role];

export const TokenClaimsSchema = z.object({
  sub: z.string().min(1),
  exp: z.number(),
  roles: z.array(z.string()).default([]),
});
export type TokenClaims = z.infer<typeof TokenClaimsSchema>;

/** Header a client puts on CONNECT, SUBSCRIBE and SEND. */
export const AUTHORIZATION_HEADER = 'Authorization';
export const bearer = (token: string): string => `Bearer ${token}`;

/** Header naming an outbox entry, so a replayed SEND is applied once (DESIGN §4). */
export const CLIENT_MSG_ID_HEADER = 'client-msg-id';
/**
 * Header of a pipelined outbox entry naming the entry sent just before it (its client-msg-id), still unanswered when
 * this one went: the server applies this one only if that one's record exists, else answers TOO_EARLY and runs
 * nothing, so entries sent before their receipts still apply strictly in queue order.
 */
export const AFTER_MSG_ID_HEADER = 'after-msg-id';
/** How many outbox entries a client sends before their receipts come (the server reads on under it: its per-session
 *  queue stops reading the socket past this many frames). */
export const PIPELINE_WINDOW = 32;
/**
 * Header naming a query, echoed by the server on every message that answers it (its reply, or its refusal), so a
 * client matches a reply to its request by id, never by arrival order.
 */
export const REQUEST_ID_HEADER = 'request-id';

/**
 * On the ERROR that closes a socket, why, for the client to act on without reading the message: 'sign-in-timeout'
 * is an anonymous socket past the sign-in deadline (an idle login screen), which the client simply opens again.
 */
export const CLOSE_REASON_HEADER = 'close-reason';
export const SIGN_IN_TIMEOUT = 'sign-in-timeout';
/** Longest client-msg-id the server records: `{deviceId}:{seq}` fits many times over; the dedup key stays small. */
export const CLIENT_MSG_ID_MAX = 200;
