import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { CompleteProfile } from './CompleteProfile';

const api = stubApiPerFile();
beforeEach(() => {
  openPage(api, '/complete-profile');
});

const newMember = { firstName: 'Ada', role: null, story: null };
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('complete profile', () => {
  it('enables Save only when headline and about are both filled', () => {
    renderWithProviders(<CompleteProfile me={newMember} />);
    expect(save().disabled).toBe(true);
    type('Headline', 'Engineer');
    expect(save().disabled).toBe(true);
    type('About', '   ');
    expect(save().disabled).toBe(true);
    type('About', 'I build engines.');
    expect(save().disabled).toBe(false);
    type('Headline', '');
    expect(save().disabled).toBe(true);
  });

  it("offers 'Create with AI' only as a disabled, coming-soon choice", () => {
    renderWithProviders(<CompleteProfile me={newMember} />);
    expect((screen.getByRole('radio', { name: /Create with AI/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Coming soon')).toBeTruthy();
  });

  it('shows the limit as the member types: over it the counter turns red and Save is disabled', () => {
    renderWithProviders(<CompleteProfile me={newMember} />);
    type('Headline', 'Engineer');
    type('About', 'x'.repeat(600));
    const counter = screen.getByText('600/500');
    expect(counter.className).toContain('field-count--over');
    expect(screen.getByLabelText('About').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('About').getAttribute('aria-describedby')).toContain(counter.id);
    expect(save().disabled).toBe(true);
    fireEvent.click(save());
    expect(api.requests).toHaveLength(0);

    type('About', 'x'.repeat(500));
    expect(screen.getByText('500/500').className).not.toContain('field-count--over');
    expect(save().disabled).toBe(false);
    type('Headline', 'x'.repeat(101));
    expect(save().disabled).toBe(true);
  });

  it('refuses pasted code before sending', async () => {
    renderWithProviders(<CompleteProfile me={newMember} />);
    type('Headline', 'Engineer');
    type('About', "'; DROP TABLE users; --");
    fireEvent.click(save());
    expect(await screen.findByText('Invalid content detected')).toBeTruthy();
    expect(screen.getByText("We can't process your input for 'About' right now. Please try again later.")).toBeTruthy();
  });

  it('shows the server refusal for a field', async () => {
    api.on('PATCH /api/users/me', { status: 400, body: { error: 'Invalid content detected', field: 'role' } });
    renderWithProviders(<CompleteProfile me={newMember} />);
    type('Headline', 'Engineer');
    type('About', 'I build engines.');
    fireEvent.click(save());
    expect(await screen.findByText("We can't process your input for 'Headline' right now. Please try again later.")).toBeTruthy();
  });

  it('saves role and story, then goes to the saved post-profile redirect', async () => {
    localStorage.setItem(STORAGE_KEYS.redirectAfterProfile, '/events/42');
    api.on('PATCH /api/users/me', (body) => ({ status: 200, body: makeMe(body as object) }));
    const { client } = renderWithProviders(<CompleteProfile me={newMember} />);
    type('Headline', ' Engineer ');
    type('About', 'I build engines.');
    fireEvent.click(save());
    await waitFor(() => expect(window.location.pathname).toBe('/events/42'));
    expect(api.requests[0]).toMatchObject({ method: 'PATCH', body: { role: 'Engineer', story: 'I build engines.' } });
    expect(client.getQueryData(['auth', 'me'])).toMatchObject({ role: 'Engineer' });
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterProfile)).toBeNull();
  });

  it('a corrected save replaces the refusal with "Profile saved"', async () => {
    api.on('PATCH /api/users/me', (body) => ({ status: 200, body: makeMe(body as object) }));
    renderWithProviders(<CompleteProfile me={newMember} />);
    type('Headline', 'Engineer');
    type('About', "'; DROP TABLE users; --");
    fireEvent.click(save());
    expect(await screen.findByText('Invalid content detected')).toBeTruthy();

    type('About', 'I build engines.');
    fireEvent.click(save());
    expect(await screen.findByText('Profile saved')).toBeTruthy();
    expect(screen.queryByText('Invalid content detected')).toBeNull();
  });

  it('goes to /events when nothing was saved', async () => {
    api.on('PATCH /api/users/me', (body) => ({ status: 200, body: makeMe(body as object) }));
    renderWithProviders(<CompleteProfile me={newMember} />);
    type('Headline', 'Engineer');
    type('About', 'I build engines.');
    fireEvent.click(save());
    await waitFor(() => expect(window.location.pathname).toBe('/events'));
  });
});
