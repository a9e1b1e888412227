// Errors the way spec §8 says (issue 13), as a person on a tablet meets them: a number the lot cannot hold is refused
// at the cell and nothing is sent; the error channel (the errors topic, a broker's ERROR frame) shows a browser
// alert and an error toast, both 'Error: …', and the status badge says 'Ready.'.
import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { Destination } from '../../src/protocol/destinations';
import { ErrorCode } from '../../src/protocol/error-codes';
import { MessageType } from '../../src/protocol/message-types';
import { Topic } from '../../src/protocol/topics';
import { signIn } from './support/login';
import { createLot, lotRow, unique } from './support/lots';

/** The texts of the browser alerts the page raised, each accepted as a person clicks OK. */
function alertsOf(page: Page): string[] {
  const texts: string[] = [];
  page.on('dialog', (dialog) => {
    texts.push(dialog.message());
    void dialog.accept();
  });
  return texts;
}

async function signedIn(page: Page): Promise<void> {
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('status-badge')).toHaveText('Ready.');
}

test('Units 12.345 is refused at the cell with "Units must be a whole number.", and nothing is queued or sent', async ({ page }) => {
  const sent: string[] = [];
  page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => void sent.push(String(payload))));
  await signedIn(page);
  const title = `Whole ${unique()}`;
  const lotNumber = await createLot(page, title);

  await page.getByRole('button', { name: `Edit Units of ${lotNumber}` }).click();
  await page.getByRole('textbox', { name: `Units of ${lotNumber}` }).fill('12.345');
  await page.getByRole('textbox', { name: `Units of ${lotNumber}` }).press('Enter');
  await expect(page.getByText('Units must be a whole number.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Edit Units of ${lotNumber}` })).toHaveText('0.00');
  await expect(lotRow(page, title)).not.toContainText('Pending');
  await expect(page.getByRole('button', { name: /Outbox:/ })).not.toContainText(/waiting|Sending/);
  expect(sent.filter((frame) => frame.includes(`destination:${Destination.updateManifest}\n`))).toEqual([]);
});

/** A proxy between the page and the real server that can speak as the server: the page's own session and topics. */
async function brokerInTheMiddle(page: Page): Promise<{ say: (frame: string) => void; errorsSubscription: () => string | undefined }> {
  let socket: WebSocketRoute | undefined;
  let errorsId: string | undefined;
  await page.routeWebSocket(/\/ws$/, (route) => {
    socket = route;
    const upstream = route.connectToServer();
    route.onMessage((message) => {
      const frame = String(message);
      if (frame.startsWith('SUBSCRIBE\n') && frame.includes(`destination:${Topic.errors}\n`)) errorsId = /\nid:([^\n]+)\n/.exec(frame)?.[1];
      upstream.send(message);
    });
    upstream.onMessage((message) => route.send(message));
  });
  return { say: (frame) => socket?.send(frame), errorsSubscription: () => errorsId };
}

test("the errors topic's text shows as an alert and a toast, both 'Error: …', and the status says 'Ready.'", async ({ page }) => {
  const alerts = alertsOf(page);
  const broker = await brokerInTheMiddle(page);
  await signedIn(page);
  await expect.poll(broker.errorsSubscription).toBeDefined();

  const envelope = JSON.stringify({ errorCode: ErrorCode.NOT_FOUND, messageType: MessageType.ERROR, message: 'Unknown destination: /app/nowhere', data: null });
  broker.say(`MESSAGE\ndestination:${Topic.errors}\nsubscription:${broker.errorsSubscription() ?? ''}\nmessage-id:e2e-1\ncontent-type:application/json\n\n${envelope}\0`);
  await expect.poll(() => alerts).toEqual(['Error: Unknown destination: /app/nowhere']);
  await expect(page.getByText('Error: Unknown destination: /app/nowhere')).toBeVisible();
  await expect(page.getByTestId('status-badge')).toHaveText('Ready.');
});

test("a broker's ERROR frame shows its message the same way", async ({ page }) => {
  const alerts = alertsOf(page);
  const broker = await brokerInTheMiddle(page);
  await signedIn(page);

  broker.say('ERROR\nmessage:Broker says no\n\n\0');
  await expect.poll(() => alerts).toEqual(['Error: Broker says no']);
  await expect(page.getByText('Error: Broker says no')).toBeVisible();
  await expect(page.getByTestId('status-badge')).toHaveText('Ready.');
});
