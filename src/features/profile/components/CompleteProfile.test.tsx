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
    type('Title', 'Engineer');
    expect(save().disabled).toBe(true);
    type('Story', '   ');
    expect(save().disabled).toBe(true);
    type('Story', 'I build engines.');
    expect(save().disabled).toBe(false);
    type('Title', '');
    expect(save().disabled).toBe(true);
  });

  it('shows the limit as the member types: over it the counter turns red and Save is disabled', () => {
    renderWithProviders(<CompleteProfile me={newMember} />);
    type('Title', 'Engineer');
    type('Story', 'x'.repeat(600));
    const counter = screen.getByText('600/500');
    expect(counter.className).toContain('field-count--over');
    expect(screen.getByLabelText('Story').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Story').getAttribute('aria-describedby')).toContain(counter.id);
    expect(save().disabled).toBe(true);
    fireEvent.click(save());
    expect(api.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);

    type('Story', 'x'.repeat(500));
    expect(screen.getByText('500/500').className).not.toContain('field-count--over');
    expect(save().disabled).toBe(false);
    type('Title', 'x'.repeat(101));
    expect(save().disabled).toBe(true);
  });

  it('refuses pasted code before sending', async () => {
    renderWithProviders(<CompleteProfile me={newMember} />);
    type('Title', 'Engineer');
    type('Story', "'; DROP TABLE users; --");
    fireEvent.click(save());
    expect(await screen.findByText('Invalid content detected')).toBeTruthy();
    const reason = "We can't process your input for 'Story' right now. Please try again later.";
    // In the notice, and under the field, which is marked invalid and described by it.
    expect(screen.getAllByText(reason)).toHaveLength(2);
    const story = screen.getByRole('textbox', { name: 'Story' });
    expect(story.getAttribute('aria-invalid')).toBe('true');
    expect(
      story
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toContain(reason);
    expect(screen.getByRole('textbox', { name: 'Title' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the server refusal for a field', async () => {
    api.on('PATCH /api/users/me', { status: 400, body: { error: 'Invalid content detected', field: 'role' } });
    renderWithProviders(<CompleteProfile me={newMember} />);
    type('Title', 'Engineer');
    type('Story', 'I build engines.');
    fireEvent.click(save());
    const reason = "We can't process your input for 'Title' right now. Please try again later.";
    expect(await screen.findAllByText(reason)).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Title' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('saves role and story, then goes to the saved post-profile redirect', async () => {
    localStorage.setItem(STORAGE_KEYS.redirectAfterProfile, '/events/42');
    api.on('PATCH /api/users/me', (body) => ({ status: 200, body: makeMe(body as object) }));
    const { client } = renderWithProviders(<CompleteProfile me={newMember} />);
    type('Title', ' Engineer ');
    type('Story', 'I build engines.');
    fireEvent.click(save());
    await waitFor(() => expect(window.location.pathname).toBe('/events/42'));
    expect(api.requests.find((r) => r.method === 'PATCH')).toMatchObject({ method: 'PATCH', body: { role: 'Engineer', story: 'I build engines.' } });
    expect(client.getQueryData(['auth', 'me'])).toMatchObject({ role: 'Engineer' });
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterProfile)).toBeNull();
  });

  it('a corrected save replaces the refusal with "Profile saved"', async () => {
    api.on('PATCH /api/users/me', (body) => ({ status: 200, body: makeMe(body as object) }));
    renderWithProviders(<CompleteProfile me={newMember} />);
    type('Title', 'Engineer');
    type('Story', "'; DROP TABLE users; --");
    fireEvent.click(save());
    expect(await screen.findByText('Invalid content detected')).toBeTruthy();

    type('Story', 'I build engines.');
    fireEvent.click(save());
    expect(await screen.findByText('Profile saved')).toBeTruthy();
    expect(screen.queryByText('Invalid content detected')).toBeNull();
  });

  it('goes to /events when nothing was saved', async () => {
    api.on('PATCH /api/users/me', (body) => ({ status: 200, body: makeMe(body as object) }));
    renderWithProviders(<CompleteProfile me={newMember} />);
    type('Title', 'Engineer');
    type('Story', 'I build engines.');
    fireEvent.click(save());
    await waitFor(() => expect(window.location.pathname).toBe('/events'));
  });
});

describe("complete profile: 'Create with AI'", () => {
  const PICTURE = '/media/p/' + 'a'.repeat(64) + '-512.webp';
  const RESULT = {
    headline: 'Analyst of engines at Babbage & Co',
    summary: 'I write programs for machines that do not exist yet.',
    profilePicture: PICTURE,
    linkedinProfileUrl: 'https://www.linkedin.com/in/ada-lovelace',
  };
  const available = () => api.on('GET /api/signup/linkedin/status', { status: 200, body: { available: true } });
  const chooseAi = async () => {
    const radio = (await screen.findByRole('radio', { name: /Create with AI/ })) as HTMLInputElement;
    await waitFor(() => expect(radio.disabled).toBe(false));
    fireEvent.click(radio);
    return (await screen.findByLabelText('LinkedIn profile ID or link')) as HTMLInputElement;
  };
  const lookUpButton = () => screen.getByRole('button', { name: 'Fill in from LinkedIn' }) as HTMLButtonElement;

  it('fills headline and about from the profile, shows the picture, and saves the link with the profile', async () => {
    available();
    api.on('POST /api/signup/linkedin/search/profile', { status: 200, body: RESULT });
    api.on('PATCH /api/users/me', (body) => ({ status: 200, body: makeMe(body as object) }));
    renderWithProviders(<CompleteProfile me={newMember} />);
    const input = await chooseAi();
    expect(lookUpButton().disabled).toBe(true);
    fireEvent.change(input, { target: { value: ' @ada-lovelace/?utm=share ' } });
    expect(screen.getByText("We'll look up linkedin.com/in/ada-lovelace")).toBeTruthy();
    fireEvent.click(lookUpButton());
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(RESULT.headline));
    expect((screen.getByLabelText('Story') as HTMLTextAreaElement).value).toBe(RESULT.summary);
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ linkedinProfileUrl: 'https://www.linkedin.com/in/ada-lovelace' });
    const img = screen.getByRole('img', { name: 'Your profile picture from LinkedIn' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(PICTURE);
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    await waitFor(() => expect(api.requests.find((r) => r.method === 'PATCH')).toBeDefined());
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      role: RESULT.headline,
      story: RESULT.summary,
      linkedinUrl: RESULT.linkedinProfileUrl,
    });
  });

  it('refuses what cannot be a profile id before sending', async () => {
    available();
    renderWithProviders(<CompleteProfile me={newMember} />);
    const input = await chooseAi();
    fireEvent.change(input, { target: { value: 'https://example.com/in/ada' } });
    fireEvent.blur(input);
    expect(lookUpButton().disabled).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('explains PROFILE_NOT_FOUND', async () => {
    available();
    api.on('POST /api/signup/linkedin/search/profile', { status: 404, body: { error: 'Profile not found', code: 'PROFILE_NOT_FOUND' } });
    renderWithProviders(<CompleteProfile me={newMember} />);
    fireEvent.change(await chooseAi(), { target: { value: 'nobody-here' } });
    fireEvent.click(lookUpButton());
    expect(await screen.findByText('Profile not found')).toBeTruthy();
    expect(screen.getByText(/couldn't find a LinkedIn profile with that ID/)).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
  });

  it("says 'Failed to use LinkedIn profile. Please try again.' for any other failure", async () => {
    available();
    api.on('POST /api/signup/linkedin/search/profile', { status: 502, body: { error: 'down', code: 'PROFILE_LOOKUP_FAILED' } });
    renderWithProviders(<CompleteProfile me={newMember} />);
    fireEvent.change(await chooseAi(), { target: { value: 'ada-lovelace' } });
    fireEvent.click(lookUpButton());
    expect(await screen.findByText('Failed to use LinkedIn profile. Please try again.')).toBeTruthy();
  });

  it("without a provider, says it is not available here and keeps 'Create yourself'", async () => {
    api.on('GET /api/signup/linkedin/status', { status: 200, body: { available: false } });
    renderWithProviders(<CompleteProfile me={newMember} />);
    expect(await screen.findByText('Not available on this server: write your profile yourself for now.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Create with AI/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /^Create yourself/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('turns to the unavailable state when the lookup answers PROFILE_LOOKUP_UNAVAILABLE', async () => {
    available();
    api.on('POST /api/signup/linkedin/search/profile', { status: 503, body: { error: 'x', code: 'PROFILE_LOOKUP_UNAVAILABLE' } });
    renderWithProviders(<CompleteProfile me={newMember} />);
    fireEvent.change(await chooseAi(), { target: { value: 'ada-lovelace' } });
    fireEvent.click(lookUpButton());
    await waitFor(() => expect((screen.getByRole('radio', { name: /Create with AI/ }) as HTMLInputElement).disabled).toBe(true));
    expect(screen.queryByLabelText('LinkedIn profile ID or link')).toBeNull();
    expect(screen.getAllByText('Not available on this server: write your profile yourself for now.').length).toBeGreaterThan(0);
  });
});
