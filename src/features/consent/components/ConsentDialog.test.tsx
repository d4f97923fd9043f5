import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { consent, makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { startStubApi, type StubApi } from '../../../test/stub-api';
import { ConsentDialog } from './ConsentDialog';

let api: StubApi;
beforeAll(async () => {
  api = await startStubApi();
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  api.reset();
});

const box = (name: string) => screen.getByRole('checkbox', { name });
const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;

describe('ConsentDialog', () => {
  it('enables Continue only when both terms and privacy are ticked', () => {
    renderWithProviders(<ConsentDialog />);
    expect(screen.getByRole('dialog').getAttribute('aria-modal')).toBe('true');
    expect(continueButton().disabled).toBe(true);
    fireEvent.click(box('I accept the Terms of Service'));
    expect(continueButton().disabled).toBe(true);
    fireEvent.click(box('Product updates'));
    fireEvent.click(box('Event recommendations'));
    expect(continueButton().disabled).toBe(true);
    fireEvent.click(box('I accept the Privacy Policy'));
    expect(continueButton().disabled).toBe(false);
    fireEvent.click(box('I accept the Terms of Service'));
    expect(continueButton().disabled).toBe(true);
  });

  it('cannot be dismissed with Escape or a click outside', () => {
    renderWithProviders(<ConsentDialog />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('keeps focus inside: Tab from the last control wraps to the first', () => {
    renderWithProviders(<ConsentDialog />);
    fireEvent.click(box('I accept the Terms of Service'));
    fireEvent.click(box('I accept the Privacy Policy'));
    expect(document.activeElement).toBe(box('I accept the Terms of Service'));
    continueButton().focus();
    fireEvent.keyDown(continueButton(), { key: 'Tab' });
    expect(document.activeElement).toBe(box('I accept the Terms of Service'));
    fireEvent.keyDown(box('I accept the Terms of Service'), { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(continueButton());
  });

  it('saves the accepted consents and the ticked opt-ins, then the member has consent', async () => {
    api.on('POST /api/users/consents', (body) => ({
      status: 201,
      body: (body as { consents: { type: 'terms' }[] }).consents.map((c) => consent(c.type)),
    }));
    const { client } = renderWithProviders(<ConsentDialog />);
    client.setQueryData(['auth', 'me'], makeMe({ consents: [] }));
    fireEvent.click(box('I accept the Terms of Service'));
    fireEvent.click(box('I accept the Privacy Policy'));
    fireEvent.click(box('Event recommendations'));
    fireEvent.click(continueButton());
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]?.body).toEqual({ consents: [{ type: 'terms' }, { type: 'privacy' }, { type: 'event_marketing' }] });
    await waitFor(() =>
      expect(client.getQueryData<{ consents: { type: string }[] }>(['auth', 'me'])?.consents.map((c) => c.type)).toEqual([
        'terms',
        'privacy',
        'event_marketing',
      ]),
    );
  });

  it('says so when saving fails', async () => {
    api.on('POST /api/users/consents', { status: 500, body: { error: 'Internal server error' } });
    renderWithProviders(<ConsentDialog />);
    fireEvent.click(box('I accept the Terms of Service'));
    fireEvent.click(box('I accept the Privacy Policy'));
    fireEvent.click(continueButton());
    expect(await screen.findByText('Failed to update preferences')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
