// Idempotent HTTP mutations (DESIGN §4) as the outbox's uploads see them: every mutating /api/ route needs a
// bearer token and an Idempotency-Key, and runs once per (user, key) however often the request is replayed.
// No real endpoint exists yet, so the whole server is booted with a stand-in route made by idempotentRoute().
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/error-codes';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../src/protocol/http';
import { createTokenService } from '../../server/auth/tokens';
import { notes, processedMessages } from '../../server/db';
import { idempotentRoute } from '../../server/http/idempotency';
import { UPLOAD_MAX_BYTES, multipartForm } from '../../server/http/multipart';
import { staffOf, uniqueName, type Staff } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';
import { ServerMessages } from '../../src/protocol/messages';

const COUNTER = '/api/test-counter';
let testServer: TestServer;
let staff: Staff;
/** How the stand-in's next run fails after its write: by throwing, or by answering 503. */
let failNext: 'throw' | 'unavailable' | undefined;
let runs = 0;
/** What registering a mutating /api/ route without idempotentRoute() did. */
let unguardedRegistration: unknown;

beforeAll(async () => {
  testServer = await startTestServer({}, {
    routes(app, services) {
      // The stand-in endpoint: inserts a note named by the `label` field (JSON or multipart) and answers its id.
      idempotentRoute(app, services, {
        method: 'POST',
        url: COUNTER,
        async handler({ request, db }) {
          runs += 1;
          const form = await multipartForm(request);
          const label = form?.fields.label ?? (request.body as { label?: unknown } | undefined)?.label;
          if (typeof label !== 'string' || label === '') return { status: 400, body: { errorCode: 400, message: 'A label is required' } };
          const file = form?.files[0];
          const data = file === undefined ? '' : `${file.filename} ${file.mimetype} ${file.data.toString('utf8')}`;
          const [note] = await db.insert(notes).values({ label, data }).returning({ id: notes.id });
          const failure = failNext;
          failNext = undefined;
          if (failure === 'throw') throw new Error('the disk is full (test)');
          if (failure === 'unavailable') return { status: 503, body: { errorCode: 503, message: 'The store is away (test)' } };
          return { status: 201, body: { errorCode: 200, id: note?.id, label, data } };
        },
      });
      try {
        app.post('/api/unguarded', async () => ({}));
      } catch (error) {
        unguardedRegistration = error;
      }
      app.get('/api/test-read', async () => ({ read: true })); // reads need nothing
    },
  });
  staff = staffOf(testServer);
});

afterAll(async () => {
  await staff?.closeAll();
  await testServer?.stop();
});

interface Sent {
  token?: string | undefined;
  key?: string | undefined;
  body?: Record<string, unknown> | FormData;
}

async function post({ token, key, body = {} }: Sent) {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;
  if (key !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = key;
  const form = body instanceof FormData;
  if (!form) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${testServer.url}${COUNTER}`, { method: 'POST', headers, body: form ? body : JSON.stringify(body) });
  return { status: response.status, replayed: response.headers.get(IDEMPOTENT_REPLAYED_HEADER), text: await response.text() };
}

const notesLabelled = async (label: string) =>
  testServer.server.services.db.select({ label: notes.label, data: notes.data }).from(notes).where(eq(notes.label, label));

describe('POST with an Idempotency-Key', () => {
  it('runs once when the same key comes twice: the second gets the same status and body, marked replayed', async () => {
    const [token, label, key] = [await staff.tokenFor('alice'), uniqueName('twice'), uniqueName('device:1')];
    const first = await post({ token, key, body: { label } });
    const second = await post({ token, key, body: { label } });
    expect(first).toMatchObject({ status: 201, replayed: null });
    expect(JSON.parse(first.text)).toMatchObject({ errorCode: 200, id: expect.any(Number), label });
    expect(second).toEqual({ ...first, replayed: 'true' });
    expect(await notesLabelled(label)).toHaveLength(1);
  });

  it('keeps two users apart when they send the same key', async () => {
    const key = uniqueName('shared-device:1');
    const [hers, his] = [uniqueName('hers'), uniqueName('his')];
    const first = await post({ token: await staff.tokenFor('alice'), key, body: { label: hers } });
    const second = await post({ token: await staff.tokenFor('bob'), key, body: { label: his } });
    expect([first.status, second.status, second.replayed]).toEqual([201, 201, null]);
    expect(await notesLabelled(hers)).toHaveLength(1);
    expect(await notesLabelled(his)).toHaveLength(1);
  });

  it('applies once the same key sent at the same moment twice, and answers both alike', async () => {
    const [token, label, key] = [await staff.tokenFor('alice'), uniqueName('raced'), uniqueName('device:2')];
    const answers = await Promise.all([post({ token, key, body: { label } }), post({ token, key, body: { label } })]);
    expect(answers.map(({ status }) => status)).toEqual([201, 201]);
    expect(answers[0]?.text).toBe(answers[1]?.text);
    expect(answers.filter(({ replayed }) => replayed === 'true')).toHaveLength(1);
    expect(await notesLabelled(label)).toHaveLength(1);
  });

  it('records a refusal (4xx) like a success: its replay is the same refusal', async () => {
    const [token, key] = [await staff.tokenFor('alice'), uniqueName('device:3')];
    const refused = await post({ token, key, body: { label: '' } });
    expect(refused).toMatchObject({ status: 400, replayed: null });
    expect(JSON.parse(refused.text)).toEqual({ errorCode: 400, message: 'A label is required' });
    const before = runs;
    expect(await post({ token, key, body: { label: '' } })).toEqual({ ...refused, replayed: 'true' });
    expect(runs).toBe(before);
  });

  it('takes a multipart form (file and fields), and replays it once recorded', async () => {
    const [token, label, key] = [await staff.tokenFor('alice'), uniqueName('form'), uniqueName('device:4')];
    const form = () => {
      const data = new FormData();
      data.append('file', new Blob(['fake jpeg bytes'], { type: 'image/jpeg' }), 'shelf.jpg');
      data.append('label', label);
      return data;
    };
    const first = await post({ token, key, body: form() });
    expect(first.status).toBe(201);
    expect(JSON.parse(first.text)).toMatchObject({ label, data: 'shelf.jpg image/jpeg fake jpeg bytes' });
    expect(await post({ token, key, body: form() })).toEqual({ ...first, replayed: 'true' });
    expect(await notesLabelled(label)).toEqual([{ label, data: 'shelf.jpg image/jpeg fake jpeg bytes' }]);
  });
});

describe('POST whose handler fails', () => {
  it('rolls a throwing handler back with its record: 500, and a retry with the same key runs again', async () => {
    const [token, label, key] = [await staff.tokenFor('alice'), uniqueName('fails-once'), uniqueName('device:5')];
    failNext = 'throw';
    const failed = await post({ token, key, body: { label } });
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.text)).toEqual({ errorCode: 500, message: 'Internal server error. Please try again.' });
    expect(await notesLabelled(label)).toEqual([]);

    const retried = await post({ token, key, body: { label } });
    expect(retried).toMatchObject({ status: 201, replayed: null });
    expect(await notesLabelled(label)).toHaveLength(1);
  });

  it('records no 5xx answer: it is sent as given, rolled back, and a retry runs again', async () => {
    const [token, label, key] = [await staff.tokenFor('alice'), uniqueName('unavailable'), uniqueName('device:6')];
    failNext = 'unavailable';
    const failed = await post({ token, key, body: { label } });
    expect(failed).toMatchObject({ status: 503, replayed: null });
    expect(JSON.parse(failed.text)).toEqual({ errorCode: 503, message: 'The store is away (test)' });
    expect(await notesLabelled(label)).toEqual([]);
    expect((await post({ token, key, body: { label } })).status).toBe(201);
  });
});

describe('POST refused before it runs', () => {
  const expectNothingRan = async (label: string, key: string) => {
    expect(await notesLabelled(label)).toEqual([]);
    const records = await testServer.server.services.db.select().from(processedMessages).where(eq(processedMessages.clientMsgId, `http:${key}`));
    expect(records).toEqual([]);
  };

  it('answers 400 without an Idempotency-Key, or with one longer than 200 characters', async () => {
    const [token, label] = [await staff.tokenFor('alice'), uniqueName('no-key')];
    for (const key of [undefined, 'x'.repeat(201)]) {
      const answer = await post({ token, key, body: { label } });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({ errorCode: ErrorCode.BAD_REQUEST, message: expect.stringContaining(IDEMPOTENCY_KEY_HEADER) });
    }
    await expectNothingRan(label, 'x'.repeat(201));
  });

  it('answers 401 without a token, with an expired or forged one, and for an account that is gone', async () => {
    const { config } = testServer.server.services;
    const expired = await createTokenService(config.jwtSecret, -60).issue({ username: 'alice', roles: ['ROLE_USER'] });
    const forged = await createTokenService(new Uint8Array(32), 3600).issue({ username: 'alice', roles: ['ROLE_USER'] });
    const gone = uniqueName('gone');
    const goneToken = await staff.tokenFor(gone);
    await testServer.server.services.users.remove(gone);
    const [label, key] = [uniqueName('no-token'), uniqueName('device:7')];
    for (const token of [undefined, expired, forged, goneToken]) {
      const answer = await post({ token, key, body: { label } });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.text)).toEqual({ errorCode: ErrorCode.UNAUTHORIZED, message: ServerMessages.unauthorized });
    }
    await expectNothingRan(label, key);
  });

  it(`answers 413 for a file over ${UPLOAD_MAX_BYTES / 1024 / 1024} MiB, running nothing`, async () => {
    const [token, label, key] = [await staff.tokenFor('alice'), uniqueName('too-big'), uniqueName('device:8')];
    const form = new FormData();
    form.append('label', label);
    form.append('file', new Blob([new Uint8Array(UPLOAD_MAX_BYTES + 1)], { type: 'image/jpeg' }), 'huge.jpg');
    const answer = await post({ token, key, body: form });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ errorCode: 413 });
    await expectNothingRan(label, key);
  });
});

describe('mutating /api/ routes', () => {
  it('cannot be registered without idempotentRoute(); reads can', async () => {
    expect(unguardedRegistration).toBeInstanceOf(Error);
    expect(String(unguardedRegistration)).toContain('POST /api/unguarded changes data: register it with idempotentRoute()');
    const read = await fetch(`${testServer.url}/api/test-read`);
    expect(await read.json()).toEqual({ read: true });
  });
});
