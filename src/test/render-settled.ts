import type { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, expect } from 'vitest';
import { renderWithProviders } from './render';

/**
 * renderWithProviders for a file whose screens call the stub API: after each test it waits until
 * every query and mutation has its answer, since the stub server closes its connections after the
 * file and a call cut then fails another test. Call it at the file's top level; `track` waits for
 * a client the test rendered with itself.
 */
export function renderSettledPerTest(): ((ui: ReactElement) => ReturnType<typeof renderWithProviders>) & { track(client: QueryClient): void } {
  let rendered: QueryClient | undefined;
  afterEach(async () => {
    const client = rendered;
    rendered = undefined;
    if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  });
  const render = (ui: ReactElement) => {
    const result = renderWithProviders(ui);
    rendered = result.client;
    return result;
  };
  const track = (client: QueryClient) => {
    rendered = client;
  };
  return Object.assign(render, { track });
}
