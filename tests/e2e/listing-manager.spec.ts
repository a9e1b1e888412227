// The Listing Manager (spec §2 Lots list, §5 listing / preview / calculate rules, §8 messages) as a person uses it on
// a 360 px phone, a 768 px tablet (both touch) and a 1280 px desk: every control reachable, at least 44 px tall,
// nothing wider than the window; the spec's messages; a template made in the notes area; Create Preview in the HTML
// viewer (a sandboxed srcdoc iframe, the source read-only); List and Unlist through their queues' progress dialog;
// the placeholders a template may use, an unknown one refused on saving, a new note selected at once (issue 31).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PLACEHOLDERS } from '../../src/protocol/listing-templates';
import { PROCESS_ADMIN_PASSWORD, serverProcess, type ServerProcess } from './support/server-process';
import { ListingManagerMessages as L } from '../../src/protocol/messages';
import { sentTo } from './support/frames';
import { signInHome } from './support/login';
import { keepScreenshot } from './support/screenshots';
import { expectTouchTargets } from './support/targets';
import { createLot, lotRow, unique } from './support/lots';
import { SIZES, type Size } from './support/sizes';

test.describe.configure({ timeout: 120_000 });
let server: ServerProcess;

test.beforeAll(async () => {
  server = serverProcess(18460);
  await server.start();
});

test.afterAll(async () => {
  await server.dispose();
});

const press = (size: Size, target: Locator): Promise<void> => (size.hasTouch ? target.tap() : target.click());

/** Opens the Listing Manager from the Lots toolbar (on a phone it is under More actions). */
async function openListingManager(page: Page, size: Size = SIZES[2]): Promise<Locator> {
  const toolbar = page.getByRole('toolbar', { name: 'Lot actions' });
  const direct = toolbar.getByRole('button', { name: 'Listing Manager' });
  const more = toolbar.getByRole('button', { name: 'More actions' });
  // The toolbar comes with the Lots page's chunk, a moment after sign-in: wait for whichever this size shows.
  await expect(direct.or(more).first()).toBeVisible();
  if (await direct.isVisible()) await press(size, direct);
  else {
    await press(size, more);
    await press(size, page.getByRole('dialog', { name: 'More actions' }).getByRole('button', { name: 'Listing Manager' }));
  }
  const dialog = page.getByRole('dialog', { name: 'Listing Manager' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A lot made and selected on the Lots page; its lot number. */
async function selectedLot(page: Page, title: string): Promise<string> {
  const lotNumber = await createLot(page, title);
  await lotRow(page, title).getByRole('checkbox', { name: `Select ${lotNumber}` }).check();
  return lotNumber;
}

/** Makes a template in the notes area (Templates kind) and chooses it as the listing's template. */
async function makeTemplate(dialog: Locator, label: string, html: string): Promise<void> {
  await dialog.getByRole('radio', { name: 'Templates' }).check();
  await dialog.getByLabel('Label', { exact: true }).fill(label);
  await dialog.getByLabel('Text', { exact: true }).fill(html);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  const template = dialog.getByLabel('Template', { exact: true });
  await expect(template.getByRole('option', { name: `template_${label}` })).toHaveCount(1);
  await template.selectOption({ label: `template_${label}` });
}

/** Nothing lies outside the window sideways: not the page, not the dialog. */
async function expectNothingOverflows(page: Page, dialog: Locator): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const box = await dialog.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? Infinity) <= width).toBe(true);
  expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width} px`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });

    test('opens the Listing Manager with every control reachable, labelled, at least 44 px tall, and nothing overflowing', async ({ page }, testInfo) => {
      await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
      await selectedLot(page, `Layout ${size.name} ${unique()}`);
      const dialog = await openListingManager(page, size);
      await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      const controls = [
        dialog.getByLabel('Template', { exact: true }), dialog.getByLabel('Quantity'), dialog.getByRole('checkbox', { name: 'Free shipping' }),
        dialog.getByRole('button', { name: 'Create Preview' }), dialog.getByRole('button', { name: 'List', exact: true }),
        dialog.getByLabel('Retail cost multiplier'), dialog.getByLabel('Minimum of retail multiplier'), dialog.getByLabel('Your cost multiplier'),
        dialog.getByLabel('Maximum of retail multiplier'), dialog.getByLabel('Per unit price'), dialog.getByRole('textbox', { name: 'Special notes' }),
        dialog.getByRole('button', { name: 'Calculate' }), dialog.getByRole('radio', { name: 'Special notes' }), dialog.getByRole('radio', { name: 'Templates' }),
        dialog.getByLabel('Note', { exact: true }), dialog.getByLabel('Label', { exact: true }), dialog.getByLabel('Text', { exact: true }),
        dialog.getByRole('button', { name: 'Create', exact: true }), dialog.getByRole('button', { name: 'Update', exact: true }),
        dialog.getByRole('button', { name: 'Delete', exact: true }), dialog.getByRole('button', { name: 'Close' }),
      ];
      await expectTouchTargets(controls);
      await expectNothingOverflows(page, dialog);
      await keepScreenshot(page, testInfo, `${size.name} Listing Manager`, false);
      // A template's form with its placeholders listed (issue 31) fits too.
      await press(size, dialog.getByRole('radio', { name: 'Templates' }));
      await expect(dialog.getByRole('list', { name: 'Placeholders you may use' })).toBeVisible();
      await expectNothingOverflows(page, dialog);
      await press(size, dialog.getByRole('button', { name: 'Close' }));
      await expect(dialog).toHaveCount(0);
      // Focus goes back to the button that opened it (on a phone that was in the More actions sheet, now gone).
      if (size.name !== 'phone') await expect(page.getByRole('toolbar', { name: 'Lot actions' }).getByRole('button', { name: 'Listing Manager' })).toBeFocused();
    });
  });
}

test.describe('at 768 px with touch', () => {
  test.use({ viewport: SIZES[1].viewport, hasTouch: true });

  test('shows "Please select a template first" when no template is chosen', async ({ page }) => {
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    await selectedLot(page, `No template ${unique()}`);
    const dialog = await openListingManager(page);
    await dialog.getByRole('button', { name: 'List', exact: true }).click();
    await expect(page.getByText('Please select a template first')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Preview' }).click();
    await expect(page.getByText('Please select a template first').first()).toBeVisible();
  });

  test('shows "Please select a lot first" and "No lots selected for price calculation." with no lot selected', async ({ page }) => {
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    const dialog = await openListingManager(page);
    await expect(dialog.getByRole('button', { name: 'Create Preview' })).toHaveCount(0); // only with exactly one lot
    await dialog.getByRole('button', { name: 'List', exact: true }).click();
    await expect(page.getByText('Please select a lot first')).toBeVisible();
    await dialog.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByText('No lots selected for price calculation.')).toBeVisible();
  });

  test('alerts "Please select a note to update." with no note selected, and adds a missing prefix instead of sending', async ({ page }) => {
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    const dialog = await openListingManager(page);
    const alerts: string[] = [];
    page.on('dialog', (alert) => void (alerts.push(alert.message()), alert.dismiss()));
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => alerts).toEqual(['Please select a note to update.', 'Please select a note to delete.']);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Label is required to create a new note.')).toBeVisible();

    const label = `Care ${unique()}`;
    await dialog.getByLabel('Label', { exact: true }).fill(label);
    await dialog.getByLabel('Text', { exact: true }).fill('Handle with care');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Note created.')).toBeVisible();
    await dialog.getByLabel('Note', { exact: true }).selectOption({ label: `notes_${label}` });
    await dialog.getByLabel('Label', { exact: true }).fill(`${label} 2`);
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(dialog.getByLabel('Label', { exact: true })).toHaveValue(`notes_${label} 2`); // corrected, not sent
    await dialog.getByRole('button', { name: 'Use as special notes' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Special notes' })).toHaveValue('Handle with care');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Note deleted.')).toBeVisible();
    await expect(dialog.getByLabel('Label', { exact: true })).toHaveValue(''); // deleting clears the form
  });

  test('a template\'s form lists the placeholders; one it does not know is refused on saving, naming it; a created note is selected at once (issue 31)', async ({ page }) => {
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    const dialog = await openListingManager(page);
    const placeholders = dialog.getByRole('list', { name: 'Placeholders you may use' });
    await expect(placeholders).toHaveCount(0); // special notes are never rendered: no placeholders to list
    await dialog.getByRole('radio', { name: 'Templates' }).check();
    await expect(placeholders.getByRole('listitem')).toHaveCount(PLACEHOLDERS.length);
    for (const name of PLACEHOLDERS) await expect(placeholders).toContainText(`{{${name}}}`);
    await expect(placeholders.getByRole('listitem').first()).toHaveText("{{title}} The lot's title.");

    // Create with {{price}}: refused on the device in the server's words, nothing made.
    const label = `Priced ${unique()}`;
    const refused = 'The template is refused: unknown placeholder {{price}}.';
    const picker = dialog.getByLabel('Note', { exact: true });
    await dialog.getByLabel('Label', { exact: true }).fill(label);
    await dialog.getByLabel('Text', { exact: true }).fill('<h2>{{title}}</h2><p>{{price}}</p>');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText(refused).first()).toBeVisible();
    await expect(picker.getByRole('option', { name: `template_${label}` })).toHaveCount(0);

    // Create without it: the picker shows the new template and has it selected, with no choosing.
    await dialog.getByLabel('Text', { exact: true }).fill('<h2>{{title}}</h2>');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(picker.locator('option:checked')).toHaveText(`template_${label}`);
    await expect(page.getByText('Note created.')).toBeVisible();
    await expect(picker.locator('option:checked')).toHaveText(`template_${label}`); // still, once the server named it

    // Update to {{price}}: refused the same way; the stored template keeps its text.
    await dialog.getByLabel('Text', { exact: true }).fill('<p>{{price}}</p>');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page.getByText(refused).first()).toBeVisible();
    await picker.selectOption({ label: 'New note' });
    await picker.selectOption({ label: `template_${label}` });
    await expect(dialog.getByLabel('Text', { exact: true })).toHaveValue('<h2>{{title}}</h2>');
  });

  test('Create Preview shows the listing in a sandboxed iframe with no permissions, and its source read-only', async ({ page }) => {
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    const title = `Preview ${unique()}`;
    const lotNumber = await selectedLot(page, title);
    const dialog = await openListingManager(page);
    await makeTemplate(dialog, `Preview ${unique()}`, '<h2>{{title}}</h2><p>{{lotNumber}}</p>');
    await dialog.getByRole('button', { name: 'Create Preview' }).click();
    const viewer = page.getByRole('dialog', { name: `Listing preview: ${lotNumber}` });
    await expect(viewer).toBeVisible();
    const frame = viewer.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(frame).toHaveAttribute('srcdoc', new RegExp(title));
    await expect(page.frameLocator('iframe[title="Preview"]').getByRole('heading', { name: title })).toBeVisible();
    await viewer.getByRole('tab', { name: 'Source' }).click();
    const source = viewer.getByRole('textbox', { name: 'HTML source (read-only)' });
    await expect(source).toHaveAttribute('readonly', '');
    await expect(source).toHaveValue(new RegExp(`<h2>${title}</h2>`));
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toHaveCount(0);
    await expect(dialog).toBeVisible();
  });

  test('runs nothing of a hostile template or lot title in the preview (scripts, handlers, javascript: URLs, SVG, iframes, CSS)', async ({ page }) => {
    const opened: string[] = [];
    page.on('dialog', (alert) => void (opened.push(alert.message()), alert.dismiss()));
    page.on('popup', (popup) => void opened.push(`popup ${popup.url()}`));
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    const lotNumber = await selectedLot(page, `<img src=x onerror=alert('title')> ${unique()}`);
    const dialog = await openListingManager(page);
    const payloads = [
      '<script>alert(1)</script>', '<img src=x onerror=alert(2)>', '<svg onload=alert(3)><circle r="1"/></svg>', '<a href="javascript:alert(4)">x</a>',
      '<iframe src="javascript:alert(5)"></iframe>', '<iframe srcdoc="<script>alert(6)</script>"></iframe>', '<body onload=alert(7)>',
      '<div style="background:url(javascript:alert(8))">css</div>', '<style>@import "javascript:alert(9)";</style>', '<object data="javascript:alert(10)"></object>',
      '<embed src="javascript:alert(11)">', '<form action="javascript:alert(12)"><button>go</button></form>', '<meta http-equiv="refresh" content="0;url=javascript:alert(13)">',
      '<details open ontoggle=alert(14)>d</details>', '<input autofocus onfocus=alert(15)>', '<video><source onerror=alert(16)></video>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(17)></style></mglyph></table></mtext></math>',
    ];
    await makeTemplate(dialog, `Hostile ${unique()}`, `<h2>{{title}}</h2>${payloads.join('')}`);
    await dialog.getByRole('button', { name: 'Create Preview' }).click();
    const viewer = page.getByRole('dialog', { name: `Listing preview: ${lotNumber}` });
    await expect(viewer.locator('iframe')).toHaveAttribute('sandbox', '');
    await expect(page.frameLocator('iframe[title="Preview"]').getByRole('heading')).toContainText("<img src=x onerror=alert('title')>");
    await page.waitForTimeout(1000);
    expect(opened).toEqual([]);
    await viewer.getByRole('tab', { name: 'Source' }).click();
    await expect(viewer.getByRole('textbox', { name: 'HTML source (read-only)' })).not.toHaveValue(/<script|<[^>]*\son\w+=|javascript:/i);
  });

  test('List goes through the queue until "All lots added to WC"; the listed lot then offers Unlist and its public page', async ({ page }) => {
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    const titles = [`Queue ${unique()} A`, `Queue ${unique()} B`];
    const numbers: string[] = [];
    await page.getByRole('checkbox', { name: 'LISTED', exact: true }).check(); // listed lots stay in the table
    for (const title of titles) numbers.push(await selectedLot(page, title));
    let dialog = await openListingManager(page);
    await makeTemplate(dialog, `Queue ${unique()}`, '<h2>{{title}}</h2>');
    await dialog.getByRole('button', { name: 'List', exact: true }).click();
    const progress = page.getByRole('dialog', { name: 'Listing lots' });
    await expect(progress.getByText('All lots added to WC')).toBeVisible();
    await progress.getByRole('button', { name: 'Close' }).click();
    for (const title of titles) await expect(lotRow(page, title)).not.toContainText('NOT_LISTED');

    // One listed lot: Unlist and the link to its public page.
    await lotRow(page, titles[1] ?? '').getByRole('checkbox', { name: `Select ${numbers[1] ?? ''}` }).uncheck();
    dialog = await openListingManager(page);
    await expect(dialog.getByRole('button', { name: 'List', exact: true })).toHaveCount(0);
    await expect(dialog.getByRole('link', { name: 'Public listing' })).toHaveAttribute('href', /^\/store\/.+/);
    const href = (await dialog.getByRole('link', { name: 'Public listing' }).getAttribute('href')) ?? '';
    const publicPage = await page.request.get(`${server.url}${href}`);
    expect(publicPage.ok()).toBe(true);
    expect(await publicPage.text()).toContain(titles[0] ?? '');
    await dialog.getByRole('button', { name: 'Unlist' }).click();
    const unlisting = page.getByRole('dialog', { name: 'Unlisting lots' });
    await expect(unlisting.getByText('All lots unlisted on WC')).toBeVisible();
    await expect(page.getByText(`Unlisted from WC: ${numbers[0] ?? ''}`)).toBeVisible();
    await unlisting.getByRole('button', { name: 'Close' }).click();
    await expect(lotRow(page, titles[0] ?? '')).toContainText('NOT_LISTED');
    await expect(lotRow(page, titles[1] ?? '')).toContainText('LISTED');
  });

  test('List waits while its lots do: offline, the manager opened again has List disabled, and a press there lists nothing twice (issue 31)', async ({ page }) => {
    const sent = sentTo(page, '/app/listOnWC');
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    await page.getByRole('checkbox', { name: 'LISTED', exact: true }).check();
    // Two lots: the manager shows List for them even once they show as listed (spec §2).
    const titles = [`Twice ${unique()} A`, `Twice ${unique()} B`];
    for (const title of titles) await selectedLot(page, title);
    let dialog = await openListingManager(page);
    await makeTemplate(dialog, `Twice ${unique()}`, '<h2>{{title}}</h2>');
    await expect(page.getByText('Note created.')).toBeVisible(); // the template is on the server
    await server.stop();
    await expect(page.getByText('Offline', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'List', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(L.waitingForConnection(2))).toBeVisible();

    // Opened again while the lot waits: List says it waits, and a press starts nothing.
    dialog = await openListingManager(page);
    const list = dialog.getByRole('button', { name: 'List', exact: true });
    await expect(list).toBeDisabled();
    await expect(list).toHaveAttribute('title', L.queueRunning);
    await list.click({ force: true });
    await expect(dialog).toBeVisible();
    await expect(page.getByText(L.queueRunning)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    await server.start();
    const progress = page.getByRole('dialog', { name: 'Listing lots' });
    await expect(progress.getByText('All lots added to WC')).toBeVisible({ timeout: 30_000 });
    await progress.getByRole('button', { name: 'Close' }).click();
    for (const title of titles) await expect(lotRow(page, title)).not.toContainText('NOT_LISTED');
    expect(sent).toHaveLength(2); // each lot once
  });

  test('Lot edit: a listed lot shows its public link and Unlist, which says "Unlisted from WC: {lotNumber}" and "Deleted Listing"', async ({ page }) => {
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    await page.getByRole('checkbox', { name: 'LISTED', exact: true }).check();
    const title = `Lot edit ${unique()}`;
    const lotNumber = await selectedLot(page, title);
    const dialog = await openListingManager(page);
    await makeTemplate(dialog, `Lot edit ${unique()}`, '<h2>{{title}}</h2>');
    await dialog.getByRole('button', { name: 'List', exact: true }).click();
    const progress = page.getByRole('dialog', { name: 'Listing lots' });
    await expect(progress.getByText('All lots added to WC')).toBeVisible();
    await progress.getByRole('button', { name: 'Close' }).click();

    await lotRow(page, title).getByRole('link', { name: `Edit ${lotNumber}` }).click();
    await expect(page.getByRole('heading', { name: lotNumber })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Public listing' })).toHaveAttribute('href', /^\/store\/.+/);
    await page.getByRole('toolbar', { name: 'Lot actions' }).getByRole('button', { name: 'Unlist' }).click();
    await page.getByRole('dialog', { name: 'Unlist' }).getByRole('button', { name: 'Unlist' }).click();
    await expect(page.getByText(`Unlisted from WC: ${lotNumber}`)).toBeVisible();
    await expect(page.getByTestId('status-badge')).toHaveText('Deleted Listing');
    await expect(page.getByRole('link', { name: 'Public listing' })).toHaveCount(0);
    await expect(page.getByRole('toolbar', { name: 'Lot actions' }).getByRole('button', { name: 'Unlist' })).toHaveCount(0);
  });
});
