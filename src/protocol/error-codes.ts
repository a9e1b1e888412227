// Error codes of spec §8. The envelope carries the number; names are for code and messages.
export const ErrorCode = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** Not in the spec's list: a pipelined outbox entry arrived before the one it follows was applied (after-msg-id). */
  TOO_EARLY: 425,
  /** Not in the spec's list: a SEND written in a protocol version the server does not serve (issue 32); nothing ran. */
  UPGRADE_REQUIRED: 426,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  CUSTOM_ERROR: 1001,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

const NAMES = new Map<number, ErrorCodeName>(
  Object.entries(ErrorCode).map(([name, code]) => [code, name as ErrorCodeName]),
);

export function errorCodeName(code: number): ErrorCodeName | undefined {
  return NAMES.get(code);
}

/** Codes that mean the request itself was refused: replaying it cannot succeed (an outbox poison entry). */
export const CLIENT_ERROR_CODES: readonly number[] = [ErrorCode.BAD_REQUEST, ErrorCode.NOT_FOUND, ErrorCode.FORBIDDEN];


