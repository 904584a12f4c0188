import type { FrameLocator, Page } from 'playwright-core';

/**
 * The Text & Media element's image reference in FormEngine, its alternative-text field set to a value of
 * its own, and the field's Ask AI control pressed (the real-TYPO3 tests and the screenshots alike).
 * Playwright only: no test runner, so a plain script may use it.
 */
export async function openAltTextControl(page: Page, contentUid = 2): Promise<FrameLocator> {
  await page.goto(`/typo3/record/edit?edit[tt_content][${contentUid}]=edit`);
  const frame = page.frameLocator('iframe[name="list_frame"]');
  await frame
    .getByRole('tab', { name: /Images|Media/ })
    .first()
    .click();
  // TYPO3 remembers a reference's panel open or closed per user: open it only where it is closed.
  const header = frame.locator('.form-irre-header-body, .panel-heading').filter({ hasText: 'lighthouse' }).first();
  const toggle = frame.locator('[aria-expanded]').filter({ hasText: 'lighthouse' }).first();
  if ((await toggle.getAttribute('aria-expanded').catch(() => null)) !== 'true') await header.click();
  // TYPO3 shows the file's own alternative text until "Set element specific value" is ticked.
  await frame.locator('input[type="checkbox"][name*="[alternative]"]').first().check();
  // The control by its role and name, as a screen reader finds it (its icon alone names nothing).
  await frame.getByRole('link', { name: 'Write alt text with AI' }).first().click();
  return frame;
}
