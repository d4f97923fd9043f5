import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { SANITIZER_PROBE_EVENT_IDS } from '../../server/db/seed/constants';
import { newMember, signUpThroughApi } from '../support/journeys';

/**
 * Descriptions carrying event handlers (the demo's sanitizer probes) open without a single
 * Content-Security-Policy violation or console error: the sanitizer never lets the page's own
 * document parse the dirty markup, where the browser would compile the handlers and CSP
 * (script-src 'self') would refuse them. The allowed markup still renders.
 */

declare global {
  interface Window {
    __cspViolations?: Array<{ directive: string; sample: string; source: string }>;
  }
}

/** Records every CSP violation of the page from its first script on (an init script runs before the app). */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push({ directive: event.violatedDirective, sample: event.sample, source: event.sourceFile });
    });
  });
}

/**
 * The violations reported so far, once every one the page caused has been reported: after every
 * image has finished (an image's onerror is compiled, and refused, only when its load fails), the
 * page compiles a handler of its own, and its violation, queued after theirs, is the last one.
 */
async function violationsUpToNow(page: Page): Promise<Window['__cspViolations']> {
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  const before = await page.evaluate(() => window.__cspViolations!.length);
  await page.evaluate(() => {
    const sentinel = document.createElement('button');
    sentinel.setAttribute('onclick', 'void 0');
    sentinel.dataset.sentinel = '';
    document.body.append(sentinel);
    sentinel.click();
  });
  // The report is dispatched at the element and bubbles to the document only while it is attached.
  await page.waitForFunction((count) => window.__cspViolations!.length > count, before);
  await page.evaluate(() => document.querySelector('[data-sentinel]')?.remove());
  return page.evaluate(() => window.__cspViolations!.slice(0, -1));
}

test('opening events whose descriptions carry onclick and onerror logs no CSP violation and no console error', async ({ page }) => {
  await signUpThroughApi(page, newMember('csp'));
  const errors: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    // Chromium also logs each refused handler here: the page's sentinel's, and any other, which the
    // recorded violations catch.
    if (message.type() === 'error' && !/inline event handler/.test(message.text())) errors.push(message.text());
  };
  page.on('console', onConsole);
  page.on('pageerror', (error) => errors.push(error.message));
  await recordViolations(page);

  const probes = [
    { id: SANITIZER_PROBE_EVENT_IDS.onerror, text: 'Last edition in pictures:' },
    { id: SANITIZER_PROBE_EVENT_IDS.script, text: 'Bring your laptop.' },
    { id: SANITIZER_PROBE_EVENT_IDS.onclick, text: 'Seats are limited,' },
  ];
  for (const probe of probes) {
    // A full load each time: a fresh document, so a violation cannot hide in an earlier one.
    await page.goto(`/events/${probe.id}`);
    const about = page.getByTestId('event-about');
    await expect(about).toContainText(probe.text);
    // The allowed markup renders as markup: paragraphs (and the probe's link), not escaped text.
    await expect(about.locator('p', { hasText: probe.text })).toHaveCount(1);
    expect(await about.innerHTML()).not.toMatch(/&lt;|onclick|onerror|<script|<img/);
    expect(await violationsUpToNow(page), probe.text).toEqual([]);
  }
  const link = page.getByTestId('event-about').getByRole('link', { name: 'book early' });
  await expect(link).toHaveAttribute('href', 'https://alpine-design-collective.example/tickets');

  const ran = await page.evaluate(() => {
    const flags = window as unknown as Record<string, unknown>;
    return ['__seedScriptRan', '__seedOnerrorRan', '__seedOnclickRan'].filter((name) => flags[name]);
  });
  expect(ran).toEqual([]);
  expect(errors).toEqual([]);
});
