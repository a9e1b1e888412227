// A row's result in words (spec §2 Image entry: "per row a result"): waiting, saving, the server's
// 'Uploaded image: …' or its refusal, not sent (Cancel), and an address shortened for a narrow column. Pure.
import type { BatchEntry } from '../../sync/outbox/batch';
import { ImageEntryMessages } from '../../protocol/messages';
import type { RowResult } from './image-sheet';

export type ResultTone = 'muted' | 'busy' | 'ok' | 'error';

export interface ResultText {
  readonly text: string;
  readonly tone: ResultTone;
}

export function resultText(result: RowResult, entry: BatchEntry | undefined, offline: boolean): ResultText {
  switch (result.kind) {
    case 'idle':
      return { text: ImageEntryMessages.notSaved, tone: 'muted' };
    case 'queued':
      if (entry?.state === 'in-flight') return { text: ImageEntryMessages.saving, tone: 'busy' };
      if (offline) return { text: ImageEntryMessages.waitingOffline, tone: 'busy' };
      // A server fault or a host that did not answer in time: the outbox tries again after a pause.
      if (entry !== undefined && entry.lastError !== '') return { text: ImageEntryMessages.retrying(entry.lastError), tone: 'busy' };
      return { text: ImageEntryMessages.waiting, tone: 'busy' };
    case 'saved':
      return { text: result.message === '' ? ImageEntryMessages.savedElsewhere : result.message, tone: 'ok' };
    case 'refused':
      return { text: result.reason, tone: 'error' };
    case 'not-sent':
      return { text: ImageEntryMessages.notSent, tone: 'muted' };
    case 'deleted':
      return { text: ImageEntryMessages.imagesDeleted, tone: 'muted' };
  }
}

/** Characters a shortened address keeps: enough for the host and the file name. */
const SHORT_URL_MAX = 48;

/** 'https://cdn.example.com/a/very/long/path/shoe.jpg' → 'cdn.example.com/…/shoe.jpg'; the full one goes in a title. */
const clip = (text: string): string => (text.length <= SHORT_URL_MAX ? text : `${text.slice(0, SHORT_URL_MAX - 1)}…`);

/** The address's host and path segments; undefined when it is no address. */
function partsOf(url: string): { host: string; segments: string[] } | undefined {
  try {
    const parsed = new URL(url);
    return { host: parsed.host, segments: parsed.pathname.split('/').filter((segment) => segment !== '') };
  } catch {
    return undefined;
  }
}

/** 'https://cdn.example.com/a/very/long/path/shoe.jpg' → 'cdn.example.com/…/shoe.jpg'; the full one goes in a title. */
export function shortUrl(url: string): string {
  const parts = partsOf(url);
  if (parts === undefined) return clip(url);
  const { host, segments } = parts;
  const whole = [host, ...segments].join('/');
  if (whole.length <= SHORT_URL_MAX || segments.length < 2) return clip(whole);
  return clip(`${host}/…/${segments.at(-1) ?? ''}`);
}
