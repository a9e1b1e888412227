// Shared notes and listing templates (spec §3 Note, §5, §7, §8; DESIGN §5) on the real server with the real STOMP
// client, every reply checked against the contract: getNotes by a literal prefix, createNote, updateNote and
// deleteNoteById with their messages, unique labels, missing notes, a template refused when saved with an unknown
// placeholder (issue 31), a replayed outbox entry, and the live push.
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/error-codes';
import { NoteSchema, type Note } from '../../src/protocol/listings';
import { MessageType } from '../../src/protocol/message-types';
import { NoteMessages, TemplateMessages } from '../../src/protocol/messages';
import { templateById } from '../../server/domains/notes';
import { invalid, okData, pushesTo, refusal, send } from '../support/lot-replies';
import { ADMIN, ALICE, BOB, MISSING_ID, outboxHeader, staffSuite, uniqueName } from '../support/staff';
import type { TestClient } from '../support/stomp-client';

const suite = staffSuite();

const ok = (messageType: number, message: string, data: unknown) => ({ errorCode: ErrorCode.OK, messageType, message, data });
const notFound = (id: number) => ({ errorCode: ErrorCode.NOT_FOUND, messageType: MessageType.ERROR, message: NoteMessages.notFound(id), data: null });
const noteOf = (reply: unknown): Note => NoteSchema.parse(okData(reply));

const getNotes = async (client: TestClient, prefix: string): Promise<Note[]> =>
  NoteSchema.array().parse(okData(await client.request('getNotes', prefix, 'incomingMessages')));

async function createNote(client: TestClient, label: string, data = ''): Promise<Note> {
  return noteOf(await send(client, 'createNote', { id: 0, label, data }));
}

describe('/app/createNote', () => {
  it("stores the note, answering NOTE_CREATED 'Note created.' with it and its new id", async () => {
    const alice = await suite.staff.connect(ALICE);
    const label = uniqueName('template_Pallet');
    const reply = await send(alice, 'createNote', { id: 0, label, data: '<h1>{{title}}</h1>' });
    expect(reply).toEqual(ok(MessageType.NOTE_CREATED, 'Note created.', { id: expect.any(Number), label, data: '<h1>{{title}}</h1>' }));
    expect(await getNotes(alice, label)).toEqual([noteOf(reply)]);
  });

  it("refuses a blank label with 'Label is required to create a new note.', storing nothing", async () => {
    const alice = await suite.staff.connect(ALICE);
    expect(await send(alice, 'createNote', { id: 0, label: '   ', data: 'x' })).toEqual(refusal('Label is required to create a new note.'));
    expect(await send(alice, 'createNote', { id: 0, data: 'x' })).toEqual(invalid(/^Label is required\.$/));
    expect(await send(alice, 'createNote', { id: 7, label: uniqueName('notes_x'), data: '' })).toEqual(invalid(/^Id /));
  });

  it('refuses a label another note has (any user\'s: notes are shared) with a clear BAD_REQUEST', async () => {
    const [alice, bob] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const label = uniqueName('notes_Shared');
    const first = await createNote(alice, label, 'first');
    expect(await send(bob, 'createNote', { id: 0, label, data: 'second' })).toEqual(refusal(NoteMessages.labelTaken(label)));
    expect(await getNotes(bob, label)).toEqual([first]);
  });

  it('gives two tablets creating the same label at once one note and one refusal', async () => {
    const [tablet, phone] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const label = uniqueName('template_Race');
    const replies = await Promise.all([tablet, phone].map((client) => send(client, 'createNote', { id: 0, label, data: '' })));
    expect(replies.map((reply) => (reply as { errorCode: number }).errorCode).sort()).toEqual([ErrorCode.OK, ErrorCode.BAD_REQUEST]);
    expect(await getNotes(tablet, label)).toHaveLength(1);
  });

  it('creates once when the outbox sends the same entry twice, answering the replay with the same reply', async () => {
    const alice = await suite.staff.connect(ALICE);
    const label = uniqueName('notes_Replayed');
    const header = outboxHeader(uniqueName('test-device'));
    const first = await alice.request('createNote', { id: 0, label, data: '' }, 'incomingMessages', header);
    expect(first).toMatchObject({ errorCode: ErrorCode.OK, message: 'Note created.' });
    expect(await alice.request('createNote', { id: 0, label, data: '' }, 'incomingMessages', header)).toEqual(first);
    expect(await getNotes(alice, label)).toEqual([okData(first)]);
  });
});

describe('a template saved with a placeholder the renderer does not know (issue 31)', () => {
  const unknownPrice = refusal(TemplateMessages.refused([TemplateMessages.unknown('price')]));

  it("/app/createNote refuses it with BAD_REQUEST naming the placeholder, 'The template is refused: unknown placeholder {{price}}.', storing nothing", async () => {
    const alice = await suite.staff.connect(ALICE);
    const label = uniqueName('template_Priced');
    expect(TemplateMessages.refused([TemplateMessages.unknown('price')])).toBe('The template is refused: unknown placeholder {{price}}.');
    expect(await send(alice, 'createNote', { id: 0, label, data: '<h2>{{title}}</h2><p>{{price}}</p>' })).toEqual(unknownPrice);
    expect(await getNotes(alice, label)).toEqual([]);
  });

  it('/app/updateNote refuses it, the stored template unchanged; so does renaming a note holding it into a template', async () => {
    const alice = await suite.staff.connect(ALICE);
    const template = await createNote(alice, uniqueName('template_Kept'), '<h2>{{title}}</h2>');
    expect(await send(alice, 'updateNote', { ...template, data: '<h2>{{title}}</h2><p>{{price}}</p>' })).toEqual(unknownPrice);
    expect(await getNotes(alice, template.label)).toEqual([template]);

    // A special note is text put into a lot's special notes, never rendered: its braces are its own business.
    const note = await createNote(alice, uniqueName('notes_Braces'), 'Sold as is {{price}}');
    expect(await send(alice, 'updateNote', { ...note, label: uniqueName('template_Renamed') })).toEqual(unknownPrice);
    expect(await getNotes(alice, note.label)).toEqual([note]);
  });

  it('names every unknown placeholder once, and accepts every known one and the sections the renderer allows', async () => {
    const alice = await suite.staff.connect(ALICE);
    const data = '{{title}} {{cost}} {{#items}}{{items}}{{/items}} {{cost}} {{#sku}}x{{/sku}}';
    expect(await send(alice, 'createNote', { id: 0, label: uniqueName('template_Two'), data })).toEqual(
      refusal(TemplateMessages.refused([TemplateMessages.unknown('cost'), TemplateMessages.unknown('sku')])),
    );
    const every = '{{title}}{{lotNumber}}{{units}}{{retail}}{{listing}}{{pallets}}{{cartons}}{{specialNotes}}{{categories}}{{quantity}}{{freeShipping}}{{#items}}{{items}}{{/items}}{{^specialNotes}}-{{/specialNotes}}';
    expect(await send(alice, 'createNote', { id: 0, label: uniqueName('template_Every'), data: every })).toMatchObject({ errorCode: ErrorCode.OK });
  });
});

describe('/app/getNotes', () => {
  it("answers NOTES_FOUND 'Notes Loaded.' with the notes whose label starts with the prefix, sorted by label", async () => {
    const alice = await suite.staff.connect(ALICE);
    const tag = uniqueName('kind');
    const [b, a, other] = [await createNote(alice, `${tag}_b`), await createNote(alice, `${tag}_a`), await createNote(alice, `x${tag}_a`)];
    const reply = await alice.request('getNotes', `${tag}_`, 'incomingMessages');
    expect(reply).toEqual(ok(MessageType.NOTES_FOUND, 'Notes Loaded.', [a, b]));
    expect(await getNotes(alice, '')).toEqual(expect.arrayContaining([a, b, other]));
  });

  it("takes '_' and '%' in the prefix literally, not as wildcards", async () => {
    const bob = await suite.staff.connect(BOB);
    const tag = uniqueName('lit');
    const [underscore, percent, plain] = [
      await createNote(bob, `${tag}_x`), await createNote(bob, `${tag}%y`), await createNote(bob, `${tag}Zz`),
    ];
    expect(await getNotes(bob, `${tag}_`)).toEqual([underscore]);
    expect(await getNotes(bob, `${tag}%`)).toEqual([percent]);
    expect(await getNotes(bob, `${tag}\\`)).toEqual([]);
    expect(await getNotes(bob, tag)).toEqual([percent, underscore, plain].sort((x, y) => (x.label < y.label ? -1 : 1)));
  });

  it('shows every user the same notes (shared by all staff)', async () => {
    const [alice, bob] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const note = await createNote(alice, uniqueName('notes_Team'));
    expect(await getNotes(bob, note.label)).toEqual([note]);
  });

  it('refuses a prefix that is not text or is too long, naming it', async () => {
    const alice = await suite.staff.connect(ALICE);
    expect(await alice.request('getNotes', 5, 'incomingMessages')).toEqual(invalid(/must be text/));
    expect(await alice.request('getNotes', 'x'.repeat(51), 'incomingMessages')).toEqual(invalid(/too long/));
  });
});

describe('/app/updateNote', () => {
  it("saves the label and data, answering NOTE_UPDATED 'Note updated.' with the stored note (any user may)", async () => {
    const [alice, bob] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const note = await createNote(alice, uniqueName('template_Old'), 'old');
    const changed = { id: note.id, label: uniqueName('template_New'), data: '<p>{{units}}</p>' };
    expect(await send(bob, 'updateNote', changed)).toEqual(ok(MessageType.NOTE_UPDATED, 'Note updated.', changed));
    expect(await getNotes(alice, changed.label)).toEqual([changed]);
    expect(await getNotes(alice, note.label)).toEqual([]);
  });

  it('keeps its own label while its data changes', async () => {
    const alice = await suite.staff.connect(ALICE);
    const note = await createNote(alice, uniqueName('notes_Same'), 'before');
    expect(noteOf(await send(alice, 'updateNote', { ...note, data: 'after' }))).toEqual({ ...note, data: 'after' });
  });

  it("refuses a missing note with NOT_FOUND 'Note {id} not found.'", async () => {
    const alice = await suite.staff.connect(ALICE);
    expect(await send(alice, 'updateNote', { id: MISSING_ID, label: uniqueName('notes_Gone'), data: '' })).toEqual(notFound(MISSING_ID));
  });

  it('refuses a label another note has, changing nothing', async () => {
    const alice = await suite.staff.connect(ALICE);
    const [taken, mine] = [await createNote(alice, uniqueName('notes_Taken')), await createNote(alice, uniqueName('notes_Mine'), 'mine')];
    expect(await send(alice, 'updateNote', { ...mine, label: taken.label, data: 'changed' })).toEqual(refusal(NoteMessages.labelTaken(taken.label)));
    expect(await getNotes(alice, mine.label)).toEqual([mine]);
  });
});

describe('/app/deleteNoteById', () => {
  it("deletes the note, answering NOTE_DELETED 'Note deleted.' with the deleted note", async () => {
    const [alice, bob] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const note = await createNote(alice, uniqueName('notes_Bye'), 'bye');
    expect(await send(bob, 'deleteNoteById', note.id)).toEqual(ok(MessageType.NOTE_DELETED, 'Note deleted.', note));
    expect(await getNotes(alice, note.label)).toEqual([]);
    expect(await send(bob, 'deleteNoteById', note.id)).toEqual(notFound(note.id));
  });

  it('refuses an id that is not a stored row id, naming it', async () => {
    const alice = await suite.staff.connect(ALICE);
    expect(await send(alice, 'deleteNoteById', 0)).toEqual(invalid(/./));
  });
});

describe('templateById (for the listing destinations)', () => {
  it('finds a note labelled template_…, and no other note or a missing id', async () => {
    const alice = await suite.staff.connect(ALICE);
    const [template, plain] = [await createNote(alice, uniqueName('template_Find'), '<p>{{title}}</p>'), await createNote(alice, uniqueName('notes_Find'))];
    const { db } = suite.server.server.services;
    expect(await templateById(db, template.id)).toMatchObject(template);
    expect(await templateById(db, plain.id)).toBeUndefined();
    expect(await templateById(db, MISSING_ID)).toBeUndefined();
  });
});

describe('every change', () => {
  const CHANGES = [
    { name: 'createNote', change: (label: string) => ({ destination: 'createNote' as const, body: { id: 0, label: `${label}-new`, data: '' } }) },
    { name: 'updateNote', change: (label: string, note: Note) => ({ destination: 'updateNote' as const, body: { ...note, label: `${label}-renamed` } }) },
    { name: 'deleteNoteById', change: (_label: string, note: Note) => ({ destination: 'deleteNoteById' as const, body: note.id }) },
  ];

  it.each(CHANGES)("$name: pushes the change live to the sender's other session and to an admin, not to another user", async ({ change }) => {
    const [tablet, phone, admin, other] = [
      await suite.staff.connect(ALICE), await suite.staff.connect(ALICE), await suite.staff.connect(ADMIN), await suite.staff.connect(BOB),
    ];
    const label = uniqueName('notes_Live');
    const note = await createNote(tablet, label);
    await Promise.all([phone, admin, other].map(pushesTo)); // the create's pushes
    const { destination, body } = change(label, note);
    const reply = await send(tablet, destination, body);
    expect(reply).toMatchObject({ errorCode: ErrorCode.OK });
    expect(await pushesTo(phone)).toEqual([reply]);
    expect(await pushesTo(admin)).toEqual([reply]);
    expect(await pushesTo(other)).toEqual([]);
    expect(await pushesTo(tablet)).toEqual([]);
  });

  it('pushes nothing for getNotes or a refusal', async () => {
    const [tablet, phone] = [await suite.staff.connect(ALICE), await suite.staff.connect(ALICE)];
    const note = await createNote(tablet, uniqueName('notes_Quiet'));
    await pushesTo(phone);
    await getNotes(tablet, note.label);
    await send(tablet, 'createNote', { id: 0, label: note.label, data: '' });
    expect(await pushesTo(phone)).toEqual([]);
  });
});
