// What the page sends over its socket, read as it leaves the page (the browser's own view of the frames).
import type { Page } from '@playwright/test';

/** The bodies the page SENDs to a destination ('/app/getLotsBySkus'), parsed, in order. Call before the page connects. */
export function sentTo(page: Page, destination: string): unknown[] {
  const bodies: unknown[] = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      const frame = typeof payload === 'string' ? payload : payload.toString('utf8');
      if (!frame.startsWith('SEND\n') || !frame.includes(`\ndestination:${destination}\n`)) return;
      bodies.push(JSON.parse(frame.slice(frame.indexOf('\n\n') + 2).replace(/\0\s*$/, '')));
    }),
  );
  return bodies;
}
