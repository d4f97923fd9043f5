import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { screenCodeBlock } from './scripts/screen-code-plugin.ts';

// The manifest is hand-written at the top level; it is copied into the build byte for byte
// and served as is in dev, so what is reviewed is what ships.
function handWrittenManifest(): Plugin {
  const file = new URL('./manifest.webmanifest', import.meta.url);
  return {
    name: 'hand-written-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync(file) });
    },
  };
}

// The server sends these instead of compressing per request (serveStatic's precompressed option):
// the first screen's JavaScript budget is counted gzipped, so it must also travel gzipped.
function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(?:js|mjs|css|html|svg|webmanifest|json|txt|wasm)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of walk(outDir).filter((f) => compressible.test(f))) {
          const source = readFileSync(file);
          if (source.length < 1024) continue;
          writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
          writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        }
      },
    },
  };
}

// The service worker stays off in `npm run dev` unless PWA_DEV=1 (see README).
const swInDev = process.env.PWA_DEV === '1';
const apiPort = process.env.API_PORT ?? '8081';
// The persisted query cache is busted when it changes (src/lib/env.ts).
const appVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;

export default defineConfig({
  define: {
    // The client registers the worker in dev only when PWA_DEV=1 asked the plugin to build one.
    'import.meta.env.VITE_PWA_DEV': JSON.stringify(swInDev ? '1' : ''),
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion),
  },
  plugins: [
    react(),
    handWrittenManifest(),
    screenCodeBlock(),
    precompress(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      registerType: 'prompt',
      injectManifest: {
        // wasm: the QR reader's zxing (1.1 MB, 0.35 MB sent with Brotli), so a member can scan a
        // code at a venue without network once the app was installed.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2,wasm}'],
        // Seed photos and covers are content, not shell: they are cached at runtime, not precached.
        // The manifest's screenshots are for the browser's install dialog, never shown by the app.
        globIgnores: ['media/**', 'screenshots/**'],
      },
      devOptions: { enabled: swInDev, type: 'module' },
    }),
  ],
  resolve: {
    alias: [
      // Dexie's package hands bundlers its ES5 build behind a wrapper; its modern module build is the
      // same library for the browsers es2022 targets, 1.5 KB smaller gzipped in the deck's cold load.
      { find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' },
    ],
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    target: 'es2022',
    cssCodeSplit: false,
    // Written for error reports, never referenced from the code: static-app.ts does not serve them.
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which files each screen loads, for the server to announce them in
    // the page (server/http/first-screen.ts); not served, not precached.
    manifest: true,
    // Preload lists (the file names a dynamic import fetches beside its chunk, written into the
    // importing chunk) are left out where the import only runs on a press or in the background:
    // imports made by the profile's chunk (its forms and dialogs), by event-screens (the goal's
    // check) and by member-tools (the QR dialog), and
    // the sync engine's code (loaded after the first screen). Those lists cost the first screens
    // that carry them 0.1-0.3 KB gzip each (the budgets are used up); the chunks then fetch their
    // own imports when they run, one round trip later, on the first use only (the service worker
    // has them all after that). The pricing and checkout return screens' chunk has none either:
    // the shell, which the deck loads, has no room for its list, and these rarely visited screens
    // can take the extra round trip. Nor do the assistant's, the legal pages', not-found's, a week's
    // promotional page (a visitor from a poster gets its chunks announced in the page by the
    // server), the mingle compilation's, the meetings' and the messages' screens and the cookie banner's 'Manage
    // consent' dialog (opened on a press), for the same reason.
    modulePreload: {
      resolveDependencies: (filename, deps, { hostId }) =>
        /(?:^|\/)(?:profile|event-screens|outbox|member-tools)-[\w-]{8}\.js$/.test(hostId) ||
        /(?:^|\/)(?:sync-engine|send|pricing|assistant|legal|offer-install|ManageConsentDialog|not-found|week|mingle-compilation|meetings|messages)-[\w-]{8}\.js$/.test(
          filename,
        )
          ? []
          : deps,
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the named modules: their dependencies shared with the shell stay where they are.
          includeDependenciesRecursively: false,
          // Fewer, larger files: one file compresses smaller than its parts (the JavaScript budgets
          // count gzip per file) and is one request less in the serial chain of an offline start.
          groups: [
            // Everything the entry imports statically is one file (not the entry and a handful of
            // small shared chunks that every screen loads anyway).
            { name: 'shell', tags: ['$initial'] },
            // The outbox's code loads in two steps (src/app/outbox/outbox-modules.ts), one file each.
            {
              name: 'outbox',
              test: /node_modules[\\/]dexie[\\/]|src[\\/](?:offline[\\/](?:db|outbox|outbox-db-name|keep-outbox-summary|keep-event-records-copy)|app[\\/]outbox[\\/](?:outbox-session|sync-modules))\.ts$/,
            },
            // An offline start on the Meet page loads every one of these before the deck shows; each
            // file is a request through the service worker and a few tasks on a slow phone's main
            // thread, so the small ones it shares with other screens are grouped.
            // The persisted query cache's code, restored before the first render (not the removal
            // that logging out needs: offline/persisted-query-cache.ts stays with its callers).
            {
              name: 'query-persistence',
              test: /src[\\/](?:app[\\/]query-cache-persistence|offline[\\/]query-persistence)\.ts$|@tanstack[\\/](?:query-sync-storage-persister[\\/]|query-core[\\/]build[\\/]modern[\\/](?:hydration|timeoutManager)\.js$)/,
            },
            // What the event detail and Meet pages share: the event, its goal and title, the deck's
            // queries, the venue prefetch, the outbox overlays and the dialogs
            // (one file: over HTTP/1.1's six connections per host a dozen small ones queue on a slow
            // network).
            {
              name: 'event-screens',
              test: /src[\\/](?:features[\\/](?:event-detail[\\/](?:api[\\/](?:get-event|update-goal)|event-summary|event-title|goal|goal-field)|attendees[\\/]api[\\/](?:queries|prefetch-venue)|join[\\/]api[\\/](?:keys|join-event))|lib[\\/](?:service-worker-control|field-error-toast)|ui[\\/]Dialog|offline[\\/](?:persist|use-outbox-live|use-outbox-summary|record-overlay|mutations[\\/](?:event-overlay|swipe|undo-swipe|goal)))\.tsx?$/,
            },
            // Small building blocks that most first screens load (the sign-in form, the events list,
            // an event, the deck), and a few that a later screen shares with the deck or sign-in (the
            // avatar, the code request): one file instead of half a dozen of one or two KB, each a
            // request that queues behind the others for one of a slow network's six connections.
            // Sizes: tests/e2e/bundle-budgets.spec.ts holds them (tests/bench/first-screen-js.ts and
            // connect-js.ts print them). The legal links (sign-in and profile) and the member's events
            // (events list and profile) are here too: a file of their own each cost the profile two
            // files' fixed cost. The event screens' icons are not: sign-in and the profile need none
            // of them (the profile's share icon is a file of its own), and they cost both 0.8 KB.
            // Nor is the form field (ui/Field.tsx): neither the events list nor the profile shows a form
            // at first, and here it cost both 0.8 KB; only its count (FieldCount, the goal's) is. Sign-in
            // loads it as a file; the event screens do not need it before a form opens.
            {
              name: 'common',
              test: /src[\\/](?:ui[\\/](?:Tabs|EmptyState|Card|Avatar|FieldCount|Button)\.tsx|ui[\\/]LegalLinks\.tsx|features[\\/]events[\\/]api[\\/]get-my-events\.ts|lib[\\/](?:use-document-title|use-online|dates|text-limit)\.ts|offline[\\/]mutations[\\/]mutation\.ts|features[\\/](?:(?:attendees|event-detail|events)[\\/]api[\\/]keys|auth[\\/]api[\\/]request-login-pin)\.ts)$|contract[\\/](?:countries|errors|event-currency|limits|place-text)\.ts$|@tanstack[\\/](?:query-core[\\/]build[\\/]modern[\\/](?:infiniteQueryObserver|mutationObserver|mutation)|react-query[\\/]build[\\/]modern[\\/](?:useInfiniteQuery|infiniteQueryOptions|useMutation))\.js$|date-fns[\\/](?:constants|constructFrom|toDate|isDate|isValid|lightFormat|_lib[\\/](?:addLeadingZeros|format[\\/]lightFormatters))\.js$/,
            },
            // What the own profile, a shared profile and a connection's page share (the events list,
            // the profile's query keys and labels, the outbox records hook, the profile edits'
            // overlay): one file rather than several small ones, each paying gzip's and the module
            // wrapper's fixed cost (the profile's first screen is at its budget,
            // tests/bench/first-screen-js.ts).
            {
              name: 'member-views',
              test: /src[\\/](?:features[\\/]profile[\\/](?:api[\\/]keys|your-events|profile-labels|components[\\/]ProfileEventList)|offline[\\/](?:use-outbox-records|mutations[\\/]profile))\.tsx?$/,
            },
            // What the own profile, a shared profile and the Meet page share beyond the shell: the QR
            // exchange's buttons. /events and /auth load none (in 'common' they cost those screens
            // 0.3 KB for nothing).
            {
              name: 'member-tools',
              test: /src[\\/]features[\\/]qr-exchange[\\/]components[\\/]QrExchangeButtons\.tsx$/,
            },
            // The meetings' and the messages' writes (their outbox kinds and cache writers) that the
            // outbox's delivery, their screens and the live updates share: one file, not more names
            // in the shell's list of files. Time zone names go with them: the meetings screens show
            // every time in the event's zone, and with the event requests' checks (where creating an
            // event finds its zone) they would load those checks and their validation library
            // before a list could show.
            {
              name: 'writes',
              test: /src[\\/](?:offline[\\/]mutations[\\/](?:meeting-[a-z]+|message-send)|features[\\/](?:meetings[\\/](?:meeting-mutations|api[\\/](?:cache-meeting|keys))|messages[\\/]api[\\/](?:cache-message|keys)))\.ts$|contract[\\/]time-zones\.ts$/,
            },
            {
              name: 'event-requests',
              test: /contract[\\/]event-requests\.ts$/,
            },
            {
              name: 'sync-engine',
              test: /src[\\/](?:offline[\\/](?:sync-engine|wake-ups|lock|retry|send|background-sync|record-outcome|mutations[\\/](?:registry|swipe-batch))|app[\\/]outbox[\\/]outbox-delivery|features[\\/]attendees[\\/]api[\\/]delivered)\.ts$/,
            },
          ],
        },
      },
    },
  },
});
