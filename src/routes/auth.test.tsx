import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { profileKeys } from '../features/profile/api/keys';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { renderWithProviders } from '../test/render';
import { openPage } from '../test/stub-api';
import { stubApiPerFile } from '../test/stub-api-per-file';
import { AuthRoute } from './auth';

/** /auth reached from a shared profile link while signed out: it says whose profile waits. */

const ADA = '11111111-1111-4111-8111-111111111111';
const api = stubApiPerFile();

beforeEach(() => {
  localStorage.clear();
  openPage(api, '/auth');
  localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, `/users/${ADA}/public/s3cret`);
  api.on(`GET /api/users/${ADA}/public/s3cret/preview`, {
    status: 200,
    body: { firstName: 'Ada', lastName: 'Lovelace', imageUrl: null, role: 'Analyst' },
  });
});

describe('the sign-in page of a shared profile link', () => {
  it('names its owner and starts a first visit on Sign up', async () => {
    renderWithProviders(<AuthRoute />);
    const invite = await screen.findByRole('region', { name: 'Ada Lovelace' });
    expect(within(invite).getByText('Analyst')).toBeTruthy();
    expect(within(invite).getByText('Sign up to connect with Ada')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sign up' }).getAttribute('aria-selected')).toBe('true');
  });

  it('asks a device where someone signed in before to log in', async () => {
    localStorage.setItem(STORAGE_KEYS.signedInBefore, '1');
    renderWithProviders(<AuthRoute />);
    expect(await screen.findByText('Log in to connect with Ada')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected')).toBe('true');
  });

  it('stays the plain page for a link whose secret is wrong or rotated', async () => {
    api.on(`GET /api/users/${ADA}/public/s3cret/preview`, { status: 404, body: { error: 'User not found' } });
    const { client } = renderWithProviders(<AuthRoute />);
    expect(await screen.findByRole('heading', { name: 'Join Mingle' })).toBeTruthy();
    await waitFor(() => expect(client.getQueryState(profileKeys.sharedPreview(ADA, 's3cret'))?.status).toBe('error'));
    expect(screen.queryByRole('region', { name: 'Ada Lovelace' })).toBeNull();
  });
});
