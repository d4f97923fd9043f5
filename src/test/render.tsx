import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Providers } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

/** Renders with the app's providers (a fresh query client with the app's defaults) and notices. */
export function renderWithProviders(ui: ReactElement) {
  const client = createQueryClient();
  return { client, ...render(<Providers client={client}>{ui}</Providers>) };
}
