// Image entry's Save Images run (spec §2 Image entry, §4 one row at a time) as the rows show it: each row's result
// follows its outbox entry (waiting, saving, saved with the server's words and image, refused with its reason),
// Cancel marks what it dropped and what was never queued as not sent, and a second Save sends only what is not saved.
import { describe, expect, it } from 'vitest';
import type { ImageEntryRow } from '../../../src/features/image-entry/image-rows';
import {
  cancelDone, cancelStarted, imagesDeleted, queuedSeqs, resultOf, rowsQueued, rowsToSave, runClosed, runSettled, runStarted, runSummary, sheetRead,
  watchedSeqs, WATCHED_ENTRIES, type ImageSheet,
} from '../../../src/features/image-entry/image-sheet';
import { resultText } from '../../../src/features/image-entry/row-result';
import type { BatchEntries, BatchEntry } from '../../../src/sync/outbox/batch';

const row = (n: number): ImageEntryRow => ({ key: `row:${n}`, rowNumber: n, upc: `00${n}`, url: `https://example.com/${n}.jpg` });
const sheet = sheetRead('sheet.xlsx', [row(2), row(3), row(4)]);
const keys = sheet.rows.map((each) => each.key);

/** Rows 2, 3 and 4 queued as seqs 10, 11 and 12. */
function queuedSheet(): ImageSheet {
  return rowsQueued(runStarted(sheet, keys), keys.map((key, index) => ({ key, seq: 10 + index, clientMsgId: `dev:${10 + index}` })));
}

const entries = (of: ImageSheet, states: readonly BatchEntry[]): BatchEntries => {
  const seqs = queuedSeqs(of);
  return { seqs, bySeq: new Map(seqs.map((seq, index) => [seq, states[index] ?? { state: 'pending', lastError: '' }])) };
};
const kinds = (of: ImageSheet) => keys.map((key) => resultOf(of, key).kind);
const replies = new Map([['dev:10', { message: 'Uploaded image: 2.jpg', image: { id: 77 } }]]);
const replyOf = (id: string) => replies.get(id);

describe('Image entry: Save Images, row by row', () => {
  it('queues every row in order and waits for each entry', () => {
    const running = queuedSheet();
    expect(queuedSeqs(running)).toEqual([10, 11, 12]);
    expect(kinds(running)).toEqual(['queued', 'queued', 'queued']);
    expect(runSummary(running)).toMatchObject({ total: 3, waiting: 3, finished: false });
  });

  it('shows the server reply on a saved row, the refusal on a refused one, and hands the refused entry back for discarding', () => {
    const running = queuedSheet();
    const { sheet: settled, refusedSeqs } = runSettled(running, entries(running, [
      { state: 'gone', lastError: '' },
      { state: 'dead', lastError: '127.0.0.1 is not a public address: images are fetched only from the public internet.' },
      { state: 'in-flight', lastError: '' },
    ]), replyOf);
    expect(resultOf(settled, 'row:2')).toEqual({ kind: 'saved', message: 'Uploaded image: 2.jpg', imageId: 77 });
    expect(resultOf(settled, 'row:3')).toMatchObject({ kind: 'refused', reason: expect.stringMatching(/not a public address/) });
    expect(refusedSeqs).toEqual([11]);
    expect(runSummary(settled)).toMatchObject({ saved: 1, refused: 1, waiting: 1, finished: false });
  });

  it('watches only the head of a long run (the outbox sends in order), and settles only the rows it read', () => {
    const many = Array.from({ length: 100 }, (_, index) => row(index + 2));
    const long = sheetRead('long.xlsx', many);
    const running = rowsQueued(runStarted(long, many.map((each) => each.key)), many.map(({ key }, index) => ({ key, seq: index + 1, clientMsgId: `d:${index + 1}` })));
    expect(watchedSeqs(running)).toEqual(Array.from({ length: WATCHED_ENTRIES }, (_, index) => index + 1));
    const read: BatchEntries = { seqs: [1, 2], bySeq: new Map([[1, { state: 'gone', lastError: '' }], [2, { state: 'in-flight', lastError: '' }]]) };
    const settled = runSettled(running, read, () => undefined).sheet;
    expect(runSummary(settled)).toMatchObject({ saved: 1, waiting: 99 });
    expect(watchedSeqs(settled)[0]).toBe(2);
  });

  it('a row the contract refuses before queueing shows why and is not waited for', () => {
    const next = rowsQueued(runStarted(sheet, keys), [{ key: 'row:2', reason: 'Must be an http(s) URL.' }]);
    expect(resultOf(next, 'row:2')).toEqual({ kind: 'refused', reason: 'Must be an http(s) URL.' });
    expect(queuedSeqs(next)).toEqual([]);
  });

  it('Cancel: an entry gone without a reply waits for the Cancel to say whether it dropped it; the rest are not sent', () => {
    const cancelling = cancelStarted(rowsQueued(runStarted(sheet, keys), [{ key: 'row:2', seq: 20, clientMsgId: 'dev:20' }]));
    const gone = runSettled(cancelling, entries(cancelling, [{ state: 'gone', lastError: '' }]), () => undefined).sheet;
    expect(kinds(gone)).toEqual(['queued', 'idle', 'idle']);
    const cancelled = cancelDone(gone, [20]);
    expect(kinds(cancelled)).toEqual(['not-sent', 'not-sent', 'not-sent']);
    expect(runSummary(cancelled)).toMatchObject({ saved: 0, notSent: 3, finished: true });
    expect(cancelled.run?.cancelled).toBe(true);
  });

  it('Cancel while one is on its way: it finishes and counts as saved; a second Save sends only the rows not saved', () => {
    const cancelled = cancelDone(cancelStarted(queuedSheet()), [11, 12]);
    expect(runSummary(cancelled)).toMatchObject({ waiting: 1, finished: false });
    const done = runSettled(cancelled, entries(cancelled, [{ state: 'gone', lastError: '' }]), replyOf).sheet;
    expect(runSummary(done)).toMatchObject({ saved: 1, notSent: 2, finished: true });
    expect(rowsToSave(runClosed(done)).map((each) => each.key)).toEqual(['row:3', 'row:4']);
    expect(kinds(imagesDeleted(done))).toEqual(['deleted', 'not-sent', 'not-sent']);
  });
});

describe('Image entry: a row result in words', () => {
  it('says waiting (for the connection when offline), saving, retrying with why, and the server words', () => {
    const queued = { kind: 'queued', seq: 1, clientMsgId: 'd:1' } as const;
    expect(resultText(queued, { state: 'pending', lastError: '' }, false).text).toBe('Waiting');
    expect(resultText(queued, { state: 'pending', lastError: '' }, true).text).toBe('Waiting for the connection');
    expect(resultText(queued, { state: 'in-flight', lastError: '' }, false).text).toBe('Saving...');
    expect(resultText(queued, { state: 'pending', lastError: 'The image host did not answer within 10 s.' }, false).text).toBe(
      'Waiting to retry: The image host did not answer within 10 s.',
    );
    expect(resultText({ kind: 'saved', message: 'Uploaded image: a.jpg', imageId: 1 }, undefined, false)).toEqual({ text: 'Uploaded image: a.jpg', tone: 'ok' });
    expect(resultText({ kind: 'not-sent' }, undefined, false).text).toBe('Not sent');
  });
});
