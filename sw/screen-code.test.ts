import { describe, expect, it } from 'vitest';
import { CACHE_RESTORER_SOURCE, SCREEN_CODE_ID } from '../contract/screen-code';
import { shellWithScreenCode, withScreenCode } from './screen-code';

const screens = {
  [CACHE_RESTORER_SOURCE]: ['/assets/query-persistence-1.js', '/assets/restorer-2.js'],
  'src/routes/event-connect.tsx': ['/assets/common-3.js', '/assets/deck-4.css', '/assets/event-connect-5.js'],
  'src/routes/feed.tsx': ['/assets/common-3.js', 'https://elsewhere.example/x.js', '/assets/../../sw.js', '/assets/feed-6.js'],
};
const page = (block: string) =>
  `<!doctype html><html><head><title>Mingle</title><link rel="modulepreload" crossorigin href="/assets/vendor.js"></head>` +
  `<body><div id="root"></div><script type="application/json" id="${SCREEN_CODE_ID}">${block}</script></body></html>`;
const html = page(JSON.stringify(screens));
const head = (text: string) => text.slice(0, text.indexOf('</head>'));
const announced = (text: string) => [...head(text).matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);

describe("the shell's screen code", () => {
  it("announces the cache's restorer and then the deck's chunks in the head of the deck's page", () => {
    expect(announced(withScreenCode(html, '/events/abc/connect'))).toEqual([
      'modulepreload /assets/vendor.js',
      'modulepreload /assets/query-persistence-1.js',
      'modulepreload /assets/restorer-2.js',
      'modulepreload /assets/common-3.js',
      'preload /assets/deck-4.css',
      'modulepreload /assets/event-connect-5.js',
    ]);
  });

  it('announces only files of the build itself', () => {
    const files = announced(withScreenCode(html, '/feed'));
    expect(files).toContain('modulepreload /assets/feed-6.js');
    expect(files.join(' ')).not.toMatch(/elsewhere|sw\.js/);
  });

  it('leaves the page as it is for a path without such a screen, or without a readable block', () => {
    for (const path of ['/auth', '/events/create', '/organizer/abc', '/users/abc']) expect(withScreenCode(html, path), path).toBe(html);
    for (const broken of ['{"src/routes/feed.tsx":', '"a string"', 'null', '[1,2]']) expect(withScreenCode(page(broken), '/feed'), broken).toBe(page(broken));
    const withoutBlock = '<html><head></head><body></body></html>';
    expect(withScreenCode(withoutBlock, '/feed')).toBe(withoutBlock);
  });

  it("keeps the shell's status and headers (its security policy among them)", async () => {
    const shell = new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "script-src 'self'" } });
    const answer = await shellWithScreenCode(shell, '/feed');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Security-Policy')).toBe("script-src 'self'");
    expect(announced(await answer.text())).toContain('modulepreload /assets/feed-6.js');
  });
});
