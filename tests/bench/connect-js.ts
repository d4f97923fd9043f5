/**
 * Benchmark: JavaScript of a cold load of the swipe deck, /events/{id}/connect (docs/architecture.md:
 * <= 160 KB gzip), and of the shell alone (<= 100 KB gzip).
 *
 * The demo member (registered at the demo's flagship event, which has many attendees) signs in
 * through the API in a fresh browser context (empty cache, no service worker yet) and opens the
 * event's Meet Attendees page; after network idle the scripts are counted as first-screen-js.ts
 * counts them. The shell is what index.html loads itself: the entry script and the chunks it
 * preloads, before any screen's lazy chunks.
 */
import { DECK_EVENT_ID, deckPath, deckSize, openDemoSite, signInDemoMember } from './demo-site';
import { loadPage, printScriptNotes, printScripts, shellScriptPaths, totals } from './page-scripts';
import { Cleanup } from './processes';
import { heading, kb, KB, verdict, type SummaryRow, runWhenStarted } from './report';

const DECK_BUDGET_BYTES = 160 * KB;
const DECK_BUDGET = '<= 160 KB gzip';
const SHELL_BUDGET_BYTES = 100 * KB;
const SHELL_BUDGET = '<= 100 KB gzip';

export async function runConnectJs(): Promise<SummaryRow[]> {
  console.log(heading('Swipe deck JavaScript, cold load (real server, Chromium)'));
  const cleanup = new Cleanup();
  try {
    const { distDir, server, browser } = await openDemoSite(cleanup);
    console.log(`browser: Chromium ${browser.version()}, a fresh context (empty cache)`);

    let candidates = 0;
    const load = await loadPage(browser, server, distDir, 'signed-in registered member', deckPath(), async (context) => {
      await signInDemoMember(context, server);
      candidates = await deckSize(context, server);
    });
    const shellPaths = await shellScriptPaths(distDir);
    printScripts(load, (script) => (shellPaths.has(script.path) ? 'shell' : 'screen'));
    console.log(`  the event (${DECK_EVENT_ID}) has ${candidates} candidates in the member's deck`);

    const all = totals(load.scripts);
    const shell = totals(load.scripts.filter((s) => shellPaths.has(s.path)));
    const missingShell = [...shellPaths].filter((path) => !load.scripts.some((s) => s.path === path));
    const deckMet = all.gzipBytes <= DECK_BUDGET_BYTES;
    const shellMet = shell.gzipBytes <= SHELL_BUDGET_BYTES;
    console.log(`  ${load.scripts.length} files, ${kb(all.gzipBytes)} gzip (budget ${DECK_BUDGET}: ${verdict(deckMet)}), ${kb(all.sentBytes)} sent`);
    console.log(`  of which the shell (index.html's entry and preloads): ${kb(shell.gzipBytes)} gzip (budget ${SHELL_BUDGET}: ${verdict(shellMet)})`);
    if (missingShell.length > 0) console.log(`  NOTE: index.html names scripts the page did not load: ${missingShell.join(', ')}`);
    printScriptNotes(load);
    return [
      { label: `deck JS ${deckPath('{id}')}, cold`, figure: `${kb(all.gzipBytes)} gzip`, budget: DECK_BUDGET, verdict: verdict(deckMet) },
      { label: 'shell JS (index.html entry + preloads)', figure: `${kb(shell.gzipBytes)} gzip`, budget: SHELL_BUDGET, verdict: verdict(shellMet) },
    ];
  } finally {
    await cleanup.run();
  }
}

runWhenStarted(import.meta.url, runConnectJs);
