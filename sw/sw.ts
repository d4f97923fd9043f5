/// <reference lib="webworker" />
// The service worker's entry: it only wires the concerns, each in its own file. It precaches the
// shell and answers navigations with it; caches the API reads a venue needs (NetworkFirst, one
// member's data, emptied at logout and sign-in) and images (CacheFirst, capped); and wakes the
// pages' outbox on Background Sync. Other /api calls pass straight to the network.
//
// Order matters: workbox answers a request with the first registered route that matches. The
// precache goes first so shell files (the icons are images too) always come from the build's
// revisioned copy, never from the image cache, which would keep an old icon after an update. The
// other routes never compete for a request (sign-in and logout POSTs, listed GETs under /api,
// images outside /api, navigations outside /api and /media).
import { cacheApiAnswers } from './api-cache';
import { deleteStaleCaches, nameWorkboxCaches } from './cache-names';
import { cacheImages } from './image-cache';
import { serveShellForNavigations } from './navigation';
import { answerNetworkQuestions } from './network-questions';
import { precacheShell } from './precache';
import { showPushNotifications } from './push';
import { watchSession } from './session-watch';
import { wakeOutboxOnSync } from './sync-wakeup';
import { handleUpdates } from './update';

declare let self: ServiceWorkerGlobalScope;

nameWorkboxCaches();
handleUpdates();
deleteStaleCaches();
// The injection point must stay in this entry file: vite-plugin-pwa fills it in here, with the
// build's file list (production) or an empty list (the PWA_DEV=1 development worker).
precacheShell(self.__WB_MANIFEST);
watchSession();
cacheApiAnswers();
answerNetworkQuestions();
cacheImages();
serveShellForNavigations();
wakeOutboxOnSync();
showPushNotifications();
