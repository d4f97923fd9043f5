import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { useToastStore } from '../ui/toast-store';
import { startStubApi, type StubApi } from './stub-api';

/**
 * The stub API of a file of component tests, called at the file's top level: one server for the
 * whole file. Each test starts with empty localStorage; after it, the rendered page is unmounted,
 * the replies and recorded requests are forgotten and the toasts are gone, so no test sees another's.
 */
export function stubApiPerFile(): StubApi {
  let started: StubApi | null = null;
  // The server starts in beforeAll, after the file's top level has taken this handle.
  const api = (): StubApi => {
    if (!started) throw new Error('The stub API is only there inside the tests and their hooks');
    return started;
  };
  beforeAll(async () => {
    started = await startStubApi();
  });
  afterAll(() => api().close());
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    api().reset();
    useToastStore.setState({ toasts: [] });
  });
  return {
    get origin() {
      return api().origin;
    },
    get requests() {
      return api().requests;
    },
    on: (route, reply) => api().on(route, reply),
    reset: () => api().reset(),
    close: () => api().close(),
  };
}
