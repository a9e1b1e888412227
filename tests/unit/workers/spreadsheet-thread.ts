// The spreadsheet worker in a node worker thread, as spreadsheet.worker.ts runs it in the browser, so tests read
// files through read-spreadsheet.ts across a real thread boundary: bytes transferred, pages cloned, a thread
// terminated. startThread() is the test's SpreadsheetWorker; this file is also the thread's own entry.
import { expose, type Endpoint } from 'comlink';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { spreadsheetApi } from '../../../src/workers/spreadsheet-api';
import type { SpreadsheetWorker } from '../../../src/workers/read-spreadsheet';

export interface SpreadsheetThread extends SpreadsheetWorker {
  /** Resolves when the thread has stopped. */
  readonly exited: Promise<void>;
  /** The messages sent to the thread, as comlink wrote them. */
  readonly sent: unknown[];
}

const deliver = (listener: EventListenerOrEventListenerObject, data: unknown): void => {
  const event = new MessageEvent('message', { data });
  if (typeof listener === 'function') listener(event);
  else listener.handleEvent(event);
};

/** A fresh thread; tsx compiles its TypeScript there, as vitest does here. */
export function startThread(): SpreadsheetThread {
  const entry = new URL(import.meta.url).href;
  const thread = new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`, { eval: true });
  const exited = new Promise<void>((done) => thread.once('exit', () => done()));
  const wrapped = new Map<EventListenerOrEventListenerObject, (data: unknown) => void>();
  const sent: unknown[] = [];
  const endpoint: Endpoint = {
    postMessage: (message: unknown, transfer?: Transferable[]) => {
      sent.push(message);
      thread.postMessage(message, (transfer ?? []).filter((item) => item instanceof ArrayBuffer)); // the API takes no ports
    },
    addEventListener: (_type, listener) => {
      const onMessage = (data: unknown): void => deliver(listener, data);
      wrapped.set(listener, onMessage);
      thread.on('message', onMessage);
    },
    removeEventListener: (_type, listener) => {
      const onMessage = wrapped.get(listener);
      if (onMessage !== undefined) thread.off('message', onMessage);
    },
  };
  return {
    endpoint,
    onFailure: (listener) => thread.once('error', listener),
    terminate: () => void thread.terminate(),
    exited,
    sent,
  };
}

if (!isMainThread && parentPort !== null) {
  const port = parentPort;
  // A node MessagePort is an EventTarget whose message events carry `data`, as comlink expects of `self`.
  expose(spreadsheetApi, {
    postMessage: (message: unknown, transfer?: Transferable[]) => port.postMessage(message, (transfer ?? []).filter((item) => item instanceof ArrayBuffer)),
    addEventListener: (type, listener) => port.addEventListener(type, listener),
    removeEventListener: (type, listener) => port.removeEventListener(type, listener),
  });
}
