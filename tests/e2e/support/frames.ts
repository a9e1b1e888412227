// What the page sends over its socket, read as it leaves the page (the browser's own view of the frames).
import type { Page } from '@playwright/test';

interface SentFrame {
  readonly command: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Each STOMP frame the page sends, from now on (heart-beats aside). */
function onFrameSent(page: Page, seen: (frame: SentFrame) => void): void {
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      const headEnd = text.indexOf('\n\n');
      if (headEnd < 0) return;
      const [command = '', ...lines] = text.slice(0, headEnd).split('\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]));
      seen({ command, headers, body: text.slice(headEnd + 2).replace(/\0\s*$/, '') });
    }),
  );
}

/** The bodies the page SENDs to a destination ('/app/getLotsBySkus'), parsed, in order. Call before the page connects. */
export function sentTo(page: Page, destination: string): unknown[] {
  const bodies: unknown[] = [];
  onFrameSent(page, (frame) => {
    if (frame.command === 'SEND' && frame.headers.destination === destination) bodies.push(JSON.parse(frame.body));
  });
  return bodies;
}

/** The headers of each CONNECT the page sends, in order. Call before the page connects. */
export function connectsOf(page: Page): Array<Readonly<Record<string, string>>> {
  const connects: Array<Readonly<Record<string, string>>> = [];
  onFrameSent(page, (frame) => {
    if (frame.command === 'CONNECT') connects.push(frame.headers);
  });
  return connects;
}
