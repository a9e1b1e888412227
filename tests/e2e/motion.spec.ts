// Dialog motion (spec §9: the backdrop fades in over 150 ms, the modal over 300 ms) and the reduced-motion setting a
// person may rely on, under which dialogs appear at once. The other browser tests run with reduced motion
// (playwright.config.ts); this file checks both.
import { expect, test, type Page } from '@playwright/test';
import { signInHome } from './support/login';

/** The animation the open Create Lot dialog's backdrop and panel are given: name and duration in ms. Read from their
 *  style, which stays while the dialog is open: a busy machine may show the dialog only after the animation ended. */
async function dialogAnimations(page: Page): Promise<Array<{ name: string; ms: number }>> {
  await signInHome(page);
  await page.getByRole('button', { name: 'Create Lot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Lot' });
  await expect(dialog).toBeVisible();
  return dialog.evaluate((panel) =>
    [panel.parentElement ?? panel, panel].map((element) => {
      const style = getComputedStyle(element);
      return { name: style.animationName, ms: Math.round(Number.parseFloat(style.animationDuration) * 1000) };
    }));
}

test.describe('with no preference for reduced motion', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('a dialog pops in over 300 ms on a backdrop that fades in over 150 ms', async ({ page }) => {
    expect(await dialogAnimations(page)).toEqual([{ name: 'lotdesk-fade-in', ms: 150 }, { name: 'lotdesk-pop-in', ms: 300 }]);
  });
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a dialog appears at once', async ({ page }) => {
    expect((await dialogAnimations(page)).map(({ name }) => name)).toEqual(['none', 'none']);
  });
});
