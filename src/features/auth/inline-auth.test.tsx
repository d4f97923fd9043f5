import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { openPage, startStubApi, type StubApi } from '../../test/stub-api';
import { InlineAuth } from './inline-auth';

let api: StubApi;
beforeAll(async () => {
  api = await startStubApi();
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  api.reset();
});

describe('InlineAuth', () => {
  it('offers both tabs, signs in where it is and tells the page once, without navigating', async () => {
    openPage(api, '/events/e1/join/s/goal');
    api.on('POST /api/login/pin/request', { status: 200, body: { sent: true, expiresInSeconds: 600 } });
    api.on('POST /api/login/pin/verify', { status: 200, body: makeMe() });
    const onAuthenticated = vi.fn();
    const { client } = renderWithProviders(<InlineAuth onAuthenticated={onAuthenticated} />);
    expect(screen.getByRole('tab', { name: 'Sign up' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Log in' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    await waitFor(() => expect(onAuthenticated).toHaveBeenCalledTimes(1));
    expect(onAuthenticated.mock.calls[0]?.[0]).toMatchObject({ email: 'ada@example.com' });
    client.setQueryData(['auth', 'me'], makeMe({ firstName: 'Again' }));
    expect(onAuthenticated).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/events/e1/join/s/goal');
  });
});
