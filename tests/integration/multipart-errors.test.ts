// A multipart body the server cannot read as a form (issue 12: it answered 500) is the client's fault: 400 with a
// plain JSON message, nothing run and nothing recorded, so the same Idempotency-Key sent again with a good form runs.
// No upload endpoint is served yet, so the whole server is booted with a stand-in route made by idempotentRoute().
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/error-codes';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/protocol/http';
import { ServerMessages } from '../../src/protocol/messages';
import { idempotentRoute } from '../../server/http/idempotency';
import { multipartForm } from '../../server/http/multipart';
import { staffOf, uniqueName, type Staff } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

const FORM_ROUTE = '/api/test-form';
const BOUNDARY = 'lotdesk-test-boundary';
let testServer: TestServer;
let staff: Staff;
let runs = 0;

beforeAll(async () => {
  testServer = await startTestServer({}, {
    routes(app, services) {
      idempotentRoute(app, services, {
        method: 'POST',
        url: FORM_ROUTE,
        async handler({ request }) {
          runs += 1;
          const form = await multipartForm(request);
          return { status: 201, body: { fields: form?.fields ?? {}, files: form?.files.map(({ filename, data }) => `${filename}:${data.toString('utf8')}`) ?? [] } };
        },
      });
    },
  });
  staff = staffOf(testServer);
});

afterAll(async () => {
  await staff?.closeAll();
  await testServer?.stop();
});

async function post(key: string, contentType: string, body: string) {
  const headers = { Authorization: `Bearer ${await staff.tokenFor('alice')}`, [IDEMPOTENCY_KEY_HEADER]: key, 'Content-Type': contentType };
  const response = await fetch(`${testServer.url}${FORM_ROUTE}`, { method: 'POST', headers, body });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
}

const withBoundary = `multipart/form-data; boundary=${BOUNDARY}`;
const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string, filename: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n${value}\r\n`;
const end = `--${BOUNDARY}--\r\n`;

describe('a multipart body that cannot be read as a form', () => {
  it.each([
    { name: 'no boundary in the Content-Type', contentType: 'multipart/form-data', body: field('UPC', '885909950805') + end },
    { name: 'a form cut short (no closing boundary)', contentType: withBoundary, body: `${field('UPC', '885909950805')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nhalf a pho` },
    { name: 'bytes that are no form at all', contentType: withBoundary, body: 'GIF89a not a form' },
  ])('$name: 400 with a plain JSON message, nothing run, and the key still free', async ({ contentType, body }) => {
    const key = uniqueName('device:1');
    const before = runs;
    expect(await post(key, contentType, body)).toEqual({
      status: 400, type: expect.stringContaining('application/json'), body: { errorCode: ErrorCode.BAD_REQUEST, message: ServerMessages.malformedMultipart },
    });
    expect(runs).toBe(before);
    expect(await post(key, withBoundary, field('UPC', '1') + end)).toMatchObject({ status: 201, body: { fields: { UPC: '1' } } });
  });
});

describe('a readable multipart body', () => {
  it('reaches the handler as fields and files', async () => {
    expect(await post(uniqueName('device:2'), withBoundary, field('UPC', '885909950805') + file('file', 'shelf.jpg', 'jpeg bytes') + end)).toMatchObject({
      status: 201, body: { fields: { UPC: '885909950805' }, files: ['shelf.jpg:jpeg bytes'] },
    });
  });

  it('over a limit (two files where one is allowed) stays a 413 that says which limit', async () => {
    const answer = await post(uniqueName('device:3'), withBoundary, file('file', 'a.jpg', 'a') + file('file', 'b.jpg', 'b') + end);
    expect(answer).toMatchObject({ status: 413, body: { errorCode: 413, message: expect.stringContaining('files limit') } });
  });
});
