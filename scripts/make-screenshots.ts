/**
 * Takes the manifest's screenshots (the richer install dialog of Chromium shows them) from the real
 * app: the built app on the real server with the demo data, the demo member signed in, the events
 * list in Debian's Chromium at a phone's and a desktop's size. Run it after a visible change to the
 * events list: `npx tsx scripts/make-screenshots.ts` (BENCH_SKIP_BUILD=1 reuses ./dist as it is).
 * The outputs are committed, so neither the build nor CI needs to run it.
 *
 *   public/screenshots/events-narrow.png   390 x 844, form_factor "narrow"
 *   public/screenshots/events-wide.png    1280 x 800, form_factor "wide"
 *
 * Each is re-encoded by sharp as a palette PNG, to stay well under 150 KB (the service worker
 * precaches every PNG of the build).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { builtApp } from '../tests/bench/built-app';
import { signInDemoMember, startDemoSite } from '../tests/bench/demo-site';
import { Cleanup } from '../tests/bench/processes';
import { chromiumArgs, chromiumPath } from '../tests/support/chromium';

const SHOTS = [
  { file: 'events-narrow.png', width: 390, height: 844 },
  { file: 'events-wide.png', width: 1280, height: 800 },
] as const;

const outDir = fileURLToPath(new URL('../public/screenshots/', import.meta.url));

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  try {
    const server = await startDemoSite(cleanup, await builtApp());
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
    cleanup.add(() => browser.close());
    await mkdir(outDir, { recursive: true });
    for (const shot of SHOTS) {
      const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height }, deviceScaleFactor: 1 });
      // The cookie banner answered, so the picture shows the app rather than the banner.
      await context.addInitScript(() => window.localStorage.setItem('mingle.cookieConsent', 'essential'));
      await signInDemoMember(context, server);
      const page = await context.newPage();
      await page.goto(`${server.origin}/events`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
      await page.evaluate(() => document.fonts.ready);
      const png = await sharp(await page.screenshot({ type: 'png' }))
        .png({ palette: true, quality: 85, compressionLevel: 9, effort: 10 })
        .toBuffer();
      await writeFile(`${outDir}${shot.file}`, png);
      console.log(`public/screenshots/${shot.file}: ${shot.width} x ${shot.height}, ${(png.length / 1024).toFixed(1)} KB`);
      await context.close();
    }
  } finally {
    await cleanup.run();
  }
}

await main();
