// An in-memory stand-in for the server's idempotent HTTP routes, as the fetch upload.ts is given: it records
// every request (headers, fields, the file), applies each Idempotency-Key once — into the test server's
// `applied`, so one list shows the order across both channels — and answers a replay with the stored answer,
// as server/http/idempotency.ts does.
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../../../src/protocol/http';
import { PROTOCOL_HEADER } from '../../../../src/protocol/version';
import type { FetchLike } from '../../../../src/sync/outbox/upload';
import type { AppliedMutation } from './server';

export interface SeenRequest {
  readonly url: string;
  readonly method: string | undefined;
  readonly credentials: RequestCredentials | undefined;
  readonly authorization: string | null;
  readonly idempotencyKey: string | null;
  /** The lotdesk-protocol header: the version the upload was sent as. */
  readonly protocol: string | null;
  readonly fields: Record<string, string>;
  readonly file: { readonly name: string; readonly type: string; readonly text: string } | undefined;
}

/** How the next request fails before anything is applied: a status, or no answer at all. */
export type Failure = number | 'network';

export interface FakeHttp {
  readonly fetch: FetchLike;
  readonly requests: SeenRequest[];
  /** Failures of the next requests, first first. */
  readonly failNext: Failure[];
  /** The next request is applied, then its answer is lost on the way back. */
  loseAnswerNext: boolean;
}

export const REFUSED_MESSAGE = 'A UPC or a SKU is required';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function failureAnswer(status: number): Response {
  if (status === 403) return new Response('', { status }); // the spec shows no body for it
  return json(status, { errorCode: status, message: status === 400 ? REFUSED_MESSAGE : `Failed with ${status} (test)` });
}

async function seen(url: string, init: RequestInit): Promise<SeenRequest> {
  const headers = new Headers(init.headers);
  const fields: Record<string, string> = {};
  let file: SeenRequest['file'];
  if (init.body instanceof FormData) {
    for (const [name, value] of init.body.entries()) {
      if (typeof value === 'string') fields[name] = value;
      else file = { name: value.name, type: value.type, text: await value.text() };
    }
  }
  return {
    url, method: init.method, credentials: init.credentials, fields, file,
    authorization: headers.get('Authorization'), idempotencyKey: headers.get(IDEMPOTENCY_KEY_HEADER), protocol: headers.get(PROTOCOL_HEADER),
  };
}

export function createFakeHttp(applied: AppliedMutation[]): FakeHttp {
  const stored = new Map<string, { status: number; body: unknown }>();
  const http: FakeHttp = {
    requests: [],
    failNext: [],
    loseAnswerNext: false,
    async fetch(url, init) {
      const request = await seen(url, init);
      http.requests.push(request);
      const key = `${request.authorization} ${request.idempotencyKey}`;
      const recorded = stored.get(key);
      if (recorded !== undefined) return json(recorded.status, recorded.body, { [IDEMPOTENT_REPLAYED_HEADER]: 'true' });
      const failure = http.failNext.shift();
      if (failure === 'network') throw new TypeError('fetch failed');
      if (failure !== undefined) return failureAnswer(failure);
      const answer = { status: 201, body: { errorCode: 200, status: 'Success', data: { fileName: request.file?.name, ...request.fields } } };
      stored.set(key, answer);
      applied.push({ clientMsgId: request.idempotencyKey ?? '', destination: url, body: request.fields });
      if (http.loseAnswerNext) {
        http.loseAnswerNext = false;
        throw new TypeError('fetch failed: the connection was reset');
      }
      return json(answer.status, answer.body);
    },
  };
  return http;
}
