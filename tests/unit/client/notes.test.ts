// The notes area (spec §2 Listing Manager, §3 Note, §5 notes rules, §7 getNotes / createNote / updateNote /
// deleteNoteById, §8 Notes errors) on the real server: the rules decide what is sent, the intents go through the
// outbox (offline too: a note made offline and changed before it reaches the server arrives once, as changed), a
// template with a placeholder the renderer does not know is refused before it is queued (issue 31), and ingest keeps
// each prefix's notes as the server has them.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNote, decideCreate, decideDelete, decideUpdate, deleteNote, notesTable, readNotes, updateNote, userLabel } from '../../../src/domains/notes';
import type { Note } from '../../../src/protocol/entities';
import { NoteMessages, TemplateMessages } from '../../../src/protocol/messages';
import { queueIntent } from '../../../src/sync/intent';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { startClientServer, type ClientServer } from './support/server';
import { outboxSends, startHarness, type Harness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

const WAIT = { timeout: 10_000, interval: 5 };
const settled = (h: Harness) => vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), WAIT);
const labels = async (prefix: string) => (await readNotes(prefix)).map(({ label, data, pending }) => [label, data, pending ?? 0]);
const serverNotes = (h: Harness, prefix: string) => server.ask<Note[]>(h.token, 'getNotes', prefix);

describe('the notes rules (spec §5)', () => {
  it('shows "Label is required to create a new note." for a blank label and sends nothing', () => {
    expect(decideCreate('notes', { label: '  ', data: 'x' })).toEqual({ kind: 'alert', message: NoteMessages.labelRequired });
    expect(decideCreate('template', { label: 'template_', data: 'x' })).toEqual({ kind: 'alert', message: NoteMessages.labelRequired });
  });

  it('creates a note with id 0, its kind\'s prefix added when missing', () => {
    expect(decideCreate('notes', { label: ' Fragile ', data: 'Handle with care' })).toEqual({ kind: 'send', body: { id: 0, label: 'notes_Fragile', data: 'Handle with care' } });
    expect(decideCreate('template', { label: 'template_Basic', data: '<p>{{title}}</p>' })).toMatchObject({ body: { label: 'template_Basic' } });
    expect(userLabel('template', 'template_Basic')).toBe('Basic');
  });

  it('alerts "Please select a note to update." and "Please select a note to delete." with no note selected', () => {
    expect(decideUpdate('notes', undefined, { label: 'notes_A', data: '' })).toEqual({ kind: 'alert', message: NoteMessages.selectToUpdate });
    expect(decideDelete(undefined)).toEqual({ kind: 'alert', message: NoteMessages.selectToDelete });
    expect(decideDelete(4)).toEqual({ kind: 'send', body: 4 });
  });

  it('adds the missing prefix to an updated label and does NOT send the update', () => {
    expect(decideUpdate('notes', 4, { label: 'Fragile', data: 'x' })).toEqual({ kind: 'fix-label', label: 'notes_Fragile' });
    expect(decideUpdate('notes', 4, { label: 'notes_Fragile', data: 'x' })).toEqual({ kind: 'send', body: { id: 4, label: 'notes_Fragile', data: 'x' } });
  });
});

describe('/app/createNote, /app/updateNote, /app/deleteNoteById through the outbox', () => {
  it('creates, updates and deletes a note, each saying the server\'s words once, the replica following the server', async () => {
    const h = await startHarness(server);
    h.connection.open();
    const label = `notes_${h.user}`;
    await h.sync.enqueue(createNote.build({ label, data: 'one' }));
    await settled(h);
    const [made] = await readNotes(label);
    expect(made).toMatchObject({ label, data: 'one' });
    expect(made?.id).toBeGreaterThan(0);
    expect(h.notifier.success).toHaveBeenCalledWith(NoteMessages.created);

    await h.sync.enqueue(updateNote.build({ id: made?.id ?? 0, label, data: 'two' }));
    await settled(h);
    expect(await labels(label)).toEqual([[label, 'two', 0]]);
    expect(h.notifier.success).toHaveBeenCalledWith(NoteMessages.updated);

    await h.sync.enqueue(deleteNote.build(made?.id ?? 0));
    await settled(h);
    expect(await labels(label)).toEqual([]);
    expect(await serverNotes(h, label)).toEqual([]);
    expect(h.notifier.success).toHaveBeenCalledWith(NoteMessages.deleted);
  });

  it('offline: a note made and changed on the device shows at once and arrives once, as changed', async () => {
    const h = await startHarness(server);
    const label = `notes_${h.user}-offline`;
    const made = await h.sync.enqueue(createNote.build({ label, data: 'draft' }));
    const tempId = made.tempId ?? 0;
    expect(tempId).toBeLessThan(0);
    await h.sync.enqueue(updateNote.build({ id: tempId, label, data: 'final' }));
    expect(await labels(label)).toEqual([[label, 'final', 1]]);

    h.connection.open();
    await settled(h);
    const stored = await serverNotes(h, label);
    expect(stored).toMatchObject([{ label, data: 'final' }]);
    expect(await labels(label)).toEqual([[label, 'final', 0]]);
    expect((await readNotes(label))[0]?.id).toBe(stored[0]?.id);
    expect(h.wire.applied.map(({ destination }) => destination)).toEqual(['/app/createNote', '/app/updateNote']);
  });

  it('a refused note shows the server\'s message as an error with the not-found sound, and is rolled back', async () => {
    const h = await startHarness(server);
    h.connection.open();
    const label = `notes_${h.user}-taken`;
    await server.ask(h.token, 'createNote', { id: 0, label, data: 'first' });
    await h.sync.enqueue(createNote.build({ label, data: 'second' }));
    await vi.waitFor(() => expect(h.notifier.error).toHaveBeenCalledWith(NoteMessages.labelTaken(label)), WAIT);
    expect(h.notifier.sound).toHaveBeenCalledWith('notFound');
    expect(h.sync.status.get().submitting).toBe(false);
    await vi.waitFor(async () => expect((await readNotes(label)).filter((note) => note.id < 0)).toEqual([]), WAIT);
  });
});

describe('a template with an unknown placeholder, saved on the device (issue 31)', () => {
  const unknownPrice = 'The template is refused: unknown placeholder {{price}}.';

  it('is refused before it is queued, in the server\'s words: nothing queued, nothing sent', async () => {
    const h = await startHarness(server);
    h.connection.open();
    const label = `template_${h.user}-priced`;
    const stored = await server.ask<Note>(h.token, 'createNote', { id: 0, label: `template_${h.user}-kept`, data: '<h2>{{title}}</h2>' });
    const sentBefore = outboxSends(h).length;
    expect(TemplateMessages.refused([TemplateMessages.unknown('price')])).toBe(unknownPrice);

    await expect(queueIntent(createNote, { label, data: '<p>{{price}}</p>' })).rejects.toThrow(unknownPrice);
    await expect(queueIntent(updateNote, { ...stored, data: '<p>{{price}}</p>' })).rejects.toThrow(unknownPrice);

    const summary = await outboxSummary(h.db, h.user);
    expect([summary.queued, summary.failed.length]).toEqual([0, 0]);
    expect(outboxSends(h).length).toBe(sentBefore);
    expect(await labels(label)).toEqual([]);
  });

  it('a special note may hold braces (it is never rendered); a template of known placeholders is queued', () => {
    expect(createNote.build({ label: 'notes_Braces', data: 'As is {{price}}' })).toMatchObject({ body: { label: 'notes_Braces' } });
    expect(createNote.build({ label: 'template_Fine', data: '{{title}} {{#items}}{{items}}{{/items}}' })).toMatchObject({ body: { label: 'template_Fine' } });
    expect(() => updateNote.build({ id: 4, label: 'template_Bad', data: '{{{title}}}' })).toThrow(TemplateMessages.refused([TemplateMessages.tripleBraces('title')]));
  });
});

describe('/app/getNotes by prefix', () => {
  it('replaces that prefix\'s notes with the server\'s, leaving other prefixes alone', async () => {
    const h = await startHarness(server);
    h.connection.open();
    const prefix = `template_${h.user}`;
    await server.ask(h.token, 'createNote', { id: 0, label: `${prefix}-a`, data: 'A' });
    await h.db.rows(notesTable).bulkPut([{ id: 999_001, label: `${prefix}-gone`, data: '' }, { id: 999_002, label: `notes_${h.user}-kept`, data: '' }]);
    h.sync.queries.send('getNotes', prefix);
    await vi.waitFor(async () => expect(await labels(prefix)).toEqual([[`${prefix}-a`, 'A', 0]]), WAIT);
    expect(await labels(`notes_${h.user}`)).toEqual([[`notes_${h.user}-kept`, '', 0]]);
  });
});
