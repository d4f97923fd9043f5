import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { startStubApi, type StubApi } from '../../../test/stub-api';
import { useToastStore } from '../../../ui/toast-store';
import { AuthPage } from './AuthPage';

let api: StubApi;
beforeAll(async () => {
  api = await startStubApi();
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  api.reset();
  useToastStore.setState({ toasts: [] });
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const sent = { status: 200, body: { sent: true, expiresInSeconds: 600 } };

describe('Log in', () => {
  it('tells an unknown address to sign up first', async () => {
    api.on('POST /api/login/pin/request', { status: 404, body: { error: 'User not found' } });
    renderWithProviders(<AuthPage />);
    type('Email', 'nobody@example.com');
    click('Send code');
    expect(await screen.findByText('Account not found')).toBeTruthy();
    expect(screen.getByText('This email is not registered. Please sign up first.')).toBeTruthy();
  });

  it('shows the server message when sending fails otherwise', async () => {
    api.on('POST /api/login/pin/request', { status: 429, body: { error: 'Too many requests' } });
    renderWithProviders(<AuthPage />);
    type('Email', 'ada@example.com');
    click('Send code');
    expect(await screen.findByText('Too many requests')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('sends a code, refuses a wrong one and goes back to the e-mail step', async () => {
    api.on('POST /api/login/pin/request', sent);
    api.on('POST /api/login/pin/verify', { status: 400, body: { error: 'Invalid pin' } });
    renderWithProviders(<AuthPage />);
    type('Email', '  Ada@Example.com ');
    click('Send code');
    expect(await screen.findByText(/We sent a 6-digit code to/)).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(api.requests[0]?.body).toEqual({ email: 'ada@example.com' });

    type('Verification code', '123456');
    // Said in a notice and at the code field, which is marked invalid until the member types again.
    await waitFor(() => expect(screen.getAllByText('Invalid verification code. Please try again.')).toHaveLength(2));
    const field = screen.getByLabelText('Verification code') as HTMLInputElement;
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const errorId = field
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error'));
    expect(document.getElementById(errorId ?? '')?.textContent).toBe('Invalid verification code. Please try again.');
    expect(api.requests[1]).toMatchObject({ path: '/api/login/pin/verify', body: { email: 'ada@example.com', pin: '123456' } });
    await waitFor(() => expect(field.value).toBe(''));
    type('Verification code', '1');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByText('Invalid verification code. Please try again.')).toHaveLength(1);

    click('Back to email');
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it("stores the member once the code is right, and greets them with 'Welcome back' from then on", async () => {
    localStorage.clear();
    api.on('POST /api/login/pin/request', sent);
    api.on('POST /api/login/pin/verify', { status: 200, body: makeMe() });
    const { client, unmount } = renderWithProviders(<AuthPage />);
    // A device nobody signed in on yet: a first visit.
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    expect(document.title).toBe('Log in · Mingle');
    type('Email', 'ada@example.com');
    click('Send code');
    await screen.findByLabelText('Verification code');
    type('Verification code', '654321');
    await waitFor(() => expect(client.getQueryData(['auth', 'me'])).toMatchObject({ email: 'ada@example.com' }));
    unmount();
    renderWithProviders(<AuthPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Join Mingle' })).toBeTruthy();
    expect(document.title).toBe('Sign up · Mingle');
  });
});

describe('Sign up', () => {
  // The sign-up form loads when its tab opens.
  const openSignup = async () => {
    renderWithProviders(<AuthPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Sign up' }));
    await screen.findByLabelText('First name');
  };

  it('asks for both names before sending anything', async () => {
    await openSignup();
    type('First name', 'Ada');
    type('Email', 'ada@example.com');
    click('Send code');
    expect(await screen.findByText('Name required')).toBeTruthy();
    expect(screen.getByText('Please enter both your first and last name to continue.')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('tells an existing address to sign in instead', async () => {
    api.on('POST /api/signup/pin/request', { status: 409, body: { error: 'User with this email already exists' } });
    await openSignup();
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Email', 'ada@example.com');
    click('Send code');
    expect(await screen.findByText('Account already exists')).toBeTruthy();
    expect(screen.getByText('This email is already registered. Please sign in instead.')).toBeTruthy();
  });

  it('checks field length before sending', async () => {
    await openSignup();
    type('First name', 'A'.repeat(101));
    type('Last name', 'Lovelace');
    type('Email', 'ada@example.com');
    click('Send code');
    expect(await screen.findByText('Input too long')).toBeTruthy();
    expect(screen.getByText("Your input for 'First name' exceeds the maximum allowed length (100 characters). Please shorten it.")).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('says a wrong code is invalid, and returns to the form when it expired', async () => {
    api.on('POST /api/signup/pin/request', sent);
    let answer = { status: 400, body: { error: 'Invalid pin' } };
    api.on('POST /api/signup/pin/verify', () => answer);
    await openSignup();
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Email', 'ada@example.com');
    click('Send code');
    await screen.findByText(/We sent a 6-digit code to/);

    type('Verification code', '111111');
    await waitFor(() => expect(screen.getAllByText('Invalid code')).toHaveLength(2));
    expect(screen.getByLabelText('Verification code').getAttribute('aria-invalid')).toBe('true');
    expect(api.requests.at(-1)?.body).toEqual({ email: 'ada@example.com', pin: '111111', firstName: 'Ada', lastName: 'Lovelace' });

    answer = { status: 400, body: { error: 'Pin expired' } };
    await waitFor(() => expect((screen.getByLabelText('Verification code') as HTMLInputElement).disabled).toBe(false));
    type('Verification code', '222222');
    expect(await screen.findByText('Code expired')).toBeTruthy();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
  });

  it("'Back to form' returns to the filled form", async () => {
    api.on('POST /api/signup/pin/request', sent);
    await openSignup();
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Email', 'ada@example.com');
    click('Send code');
    await screen.findByText(/We sent a 6-digit code to/);
    click('Back to form');
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Lovelace');
  });
});

describe('tabs', () => {
  it('are reachable with the arrow keys', async () => {
    renderWithProviders(<AuthPage />);
    const login = screen.getByRole('tab', { name: 'Log in' });
    expect(login.getAttribute('aria-selected')).toBe('true');
    login.focus();
    fireEvent.keyDown(login, { key: 'ArrowRight' });
    const signup = screen.getByRole('tab', { name: 'Sign up' });
    expect(signup.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(signup);
    expect(await screen.findByLabelText('First name')).toBeTruthy();
  });
});
