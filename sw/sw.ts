/// <reference lib="webworker" />
// The service worker's entry: it only wires the concerns, each in its own file. No runtime caching of
// /api yet: API responses are never served by the worker.
import { deleteStaleCaches, nameWorkboxCaches } from './cache-names';
import { serveShellForNavigations } from './navigation';
import { precacheShell } from './precache';
import { handleUpdates } from './update';

declare let self: ServiceWorkerGlobalScope;

nameWorkboxCaches();
handleUpdates();
deleteStaleCaches();
// The injection point must stay in this entry file: vite-plugin-pwa fills it in here, with the
// build's file list (production) or an empty list (the PWA_DEV=1 development worker).
precacheShell(self.__WB_MANIFEST);
serveShellForNavigations();
