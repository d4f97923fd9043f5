/// <reference lib="webworker" />
// The service worker's entry: it only wires the concerns, each in its own file. No runtime caching of
// /api yet: API responses are never served by the worker.
import { deleteStaleCaches, nameWorkboxCaches } from './cache-names';
import { serveShellForNavigations } from './navigation';
import { precacheShell } from './precache';
import { handleUpdates } from './update';

nameWorkboxCaches();
handleUpdates();
deleteStaleCaches();
precacheShell();
serveShellForNavigations();
