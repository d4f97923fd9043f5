import '../../../test/dompurify-happy-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { makeEventItem, makeLockedItem } from '../../../test/event-fixtures';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { EventDetailPage } from './EventDetailPage';

const api = stubApiPerFile();
beforeEach(() => {
  openPage(api, '/events/e1');
  api.on('GET /api/users/me', { status: 200, body: makeMe() });
  api.on('GET /api/events/e1/attendees/my-connections', { status: 200, body: [] });
});

const show = (item: object, status = 200) => api.on('GET /api/events/e1', { status, body: item });
const render = () => renderWithProviders(<EventDetailPage eventId="e1" />);
const requestsTo = (method: string, path: string) => api.requests.filter((r) => r.method === method && r.path === path);

describe('event detail', () => {
  it('shows the event: name, organizer link, dates, location, About, agenda and categories', async () => {
    show(makeEventItem({ agenda: '09:00 Welcome\n10:00 Keynote' }));
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Product Summit' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nordic Product Guild' }).getAttribute('href')).toBe('/organizer/o1');
    expect(screen.getByText('Mar 5, 2030')).toBeTruthy();
    expect(screen.getByText('Stockholm, Sweden')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'About' })).toBeTruthy();
    expect(screen.getByText('Two days of talks on product work.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Agenda' })).toBeTruthy();
    expect(screen.getByText(/10:00 Keynote/)).toBeTruthy();
    expect(screen.getByText('Product Management')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it("falls back to the free-text location, then to 'No location specified', and shows 'No Image'", async () => {
    show(makeEventItem({ locationDisplay: null, location: 'Room 4, Main Street 1', imageUrl: null }));
    const first = render();
    expect(await screen.findByText('Room 4, Main Street 1')).toBeTruthy();
    expect(screen.getByText('No Image')).toBeTruthy();
    first.unmount();

    const item = makeEventItem({ locationDisplay: null, location: null });
    show({ ...item, locationDisplay: null });
    render();
    expect(await screen.findByText('No location specified')).toBeTruthy();
  });

  it('shows the description sanitized: no script, no event handlers, links open safely', async () => {
    show(
      makeEventItem({
        description:
          '<p onclick="window.__x = 1">Bring your laptop.</p><script>window.__y = 1</script><img src="x" onerror="window.__z = 1"><a href="https://tickets.example">Tickets</a>',
      }),
    );
    render();
    const about = await screen.findByTestId('event-about');
    expect(about.querySelector('script, img, [onclick], [onerror]')).toBeNull();
    expect(about.textContent).toContain('Bring your laptop.');
    const link = within(about).getByRole('link', { name: 'Tickets' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});

describe('registered member', () => {
  it("offers 'Connect with Attendees', the external page and the goal; lists connections attending", async () => {
    api.on('GET /api/events/e1/attendees/my-connections', { status: 200, body: [{ id: 'u7', firstName: 'Grace' }] });
    show(makeEventItem({ isRegistered: true, goal: 'Meet product leads' }));
    render();
    const connect = (await screen.findByRole('button', { name: 'Connect with Attendees' })) as HTMLButtonElement;
    expect(connect.disabled).toBe(false);
    const external = screen.getByRole('link', { name: 'External event page' });
    expect(external.getAttribute('href')).toBe('https://summit.example/2030');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('heading', { name: 'My goal for this event' })).toBeTruthy();
    expect(screen.getByText('Meet product leads')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your connections attending' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Grace/ })).toBeTruthy();
    expect(screen.queryByText('Register to connect with attendees and unlock networking opportunities!')).toBeNull();

    fireEvent.click(connect);
    const dialog = await screen.findByRole('dialog', { name: 'Connected attendees' });
    expect(within(dialog).getByText('Grace')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Meet attendees' }).getAttribute('href')).toBe('/events/e1/connect');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("links to the assistant: 'Prepare with the assistant' before the event, 'Follow up' after it", async () => {
    show(makeEventItem({ isRegistered: true }));
    render();
    const prepare = await screen.findByRole('link', { name: 'Prepare with the assistant' });
    expect(prepare.getAttribute('href')).toBe('/assistant?journey=PREPARE_FOR_EVENT&eventId=e1');
    expect(screen.queryByRole('link', { name: 'Follow up' })).toBeNull();
  });

  it("offers 'Follow up' after an event the member attended", async () => {
    show(makeEventItem({ isRegistered: true, isPast: true }));
    render();
    expect((await screen.findByRole('link', { name: 'Follow up' })).getAttribute('href')).toBe('/assistant?journey=FOLLOW_UP&eventId=e1');
    expect(screen.queryByRole('link', { name: 'Prepare with the assistant' })).toBeNull();
  });

  it('the dialog says so when no connection attends', async () => {
    show(makeEventItem({ isRegistered: true }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect with Attendees' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connected attendees' });
    expect(await within(dialog).findByText(/None of your connections are attending yet/)).toBeTruthy();
  });

  it("disables connecting as 'Complete Profile to Connect' without role or story", async () => {
    api.on('GET /api/users/me', { status: 200, body: makeMe({ story: null }) });
    show(makeEventItem({ isRegistered: true }));
    render();
    const button = (await screen.findByRole('button', { name: 'Complete Profile to Connect' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Connect with Attendees' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Complete your profile' }));
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterProfile)).toBe('/events/e1');
  });

  it('edits the goal in place: Save sends it and shows it', async () => {
    api.on('PATCH /api/events/e1/attendee', (body) => ({ status: 200, body }));
    show(makeEventItem({ isRegistered: true, goal: 'Meet product leads' }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit goal' }));
    const input = screen.getByRole('textbox', { name: 'My goal for this event' }) as HTMLTextAreaElement;
    expect(input.value).toBe('Meet product leads');
    fireEvent.change(input, { target: { value: '  Find a design partner  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(screen.getByText('Find a design partner')).toBeTruthy();
    expect(screen.getByText('Goal saved')).toBeTruthy();
    expect(requestsTo('PATCH', '/api/events/e1/attendee').map((r) => r.body)).toEqual([{ goal: 'Find a design partner' }]);
  });

  it('Cancel leaves the goal as it was and sends nothing', async () => {
    show(makeEventItem({ isRegistered: true, goal: 'Meet product leads' }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit goal' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'My goal for this event' }), { target: { value: 'Something else' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Meet product leads')).toBeTruthy();
    expect(screen.queryByText('Something else')).toBeNull();
    expect(requestsTo('PATCH', '/api/events/e1/attendee')).toHaveLength(0);
  });

  it('says when the goal could not be saved, and keeps the edit open', async () => {
    api.on('PATCH /api/events/e1/attendee', { status: 500, body: { error: 'Internal server error' } });
    show(makeEventItem({ isRegistered: true }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit goal' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'My goal for this event' }), { target: { value: 'Meet people' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update goal. Please try again.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'My goal for this event' })).toBeTruthy();
  });

  it('checks length and content before sending the goal', async () => {
    show(makeEventItem({ isRegistered: true }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit goal' }));
    const input = screen.getByRole('textbox', { name: 'My goal for this event' });
    fireEvent.change(input, { target: { value: 'x'.repeat(501) } });
    // Over the limit the counter says so and Save waits for a shorter goal.
    expect(screen.getByText('501/500').className).toContain('field-count--over');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(input, { target: { value: "'; DROP TABLE users; --" } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid content detected')).toBeTruthy();
    expect(requestsTo('PATCH', '/api/events/e1/attendee')).toHaveLength(0);
  });
});

describe('member not registered', () => {
  it("registers with 'Register Now' (no secret, empty goal) and then shows the registration", async () => {
    show(makeEventItem());
    api.on('POST /api/events/e1/join', { status: 201, body: makeEventItem({ isRegistered: true }) });
    render();
    expect(await screen.findByText('Register to connect with attendees and unlock networking opportunities!')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'People you might know' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'External event page' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText("You've successfully joined the event.")).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Connect with Attendees' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your connections attending' })).toBeTruthy();
    expect(requestsTo('POST', '/api/events/e1/join')[0]?.body).toEqual({ goal: '' });
  });

  it("says 'Already registered' on 400", async () => {
    show(makeEventItem());
    api.on('POST /api/events/e1/join', { status: 400, body: { error: 'Already registered' } });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText('Already registered')).toBeTruthy();
    expect(screen.getByText("You're already signed up for this event!")).toBeTruthy();
  });

  it('says the join failed on any other error', async () => {
    show(makeEventItem());
    api.on('POST /api/events/e1/join', { status: 500, body: { error: 'Internal server error' } });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText('Failed to join the event. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register Now' })).toBeTruthy();
  });
});

describe('About', () => {
  const long = '<p>' + 'Lots to say about this event. '.repeat(40) + '</p>';
  const setHeights = (scroll: number, client: number) => {
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => scroll });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => client });
  };
  // happy-dom has no layout: its ResizeObserver never reports. This one reports each observed
  // element once after observe(), as a browser does after its next layout.
  class FirstLayoutResizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      setTimeout(() => this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver));
    }
    unobserve() {}
    disconnect() {}
  }
  beforeEach(() => vi.stubGlobal('ResizeObserver', FirstLayoutResizeObserver));
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  });

  it("offers 'Show more' and 'Show less' when the text is longer than 3 lines", async () => {
    setHeights(300, 77);
    show(makeEventItem({ description: long }));
    render();
    const about = await screen.findByTestId('event-about');
    expect(about.className).toContain('event-about--clamped');
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(about.className).not.toContain('event-about--clamped');
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(about.className).toContain('event-about--clamped');
  });

  it('has no toggle when the text fits', async () => {
    setHeights(40, 77);
    show(makeEventItem({ description: '<p>Short.</p>' }));
    render();
    await screen.findByTestId('event-about');
    // After the observer reported.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});

describe('other states', () => {
  it('shows the locked preview of a PRO-only event', async () => {
    show(makeLockedItem('e1'));
    render();
    expect(await screen.findByText('Only accessible to pro users.')).toBeTruthy();
    expect(screen.getByText('PRO ONLY')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to view' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByText('A festival of creative technology with workshops and talks.')).toBeTruthy();
    expect(screen.getByText('Jun 10, 2030')).toBeTruthy();
    expect(screen.getByText('Zurich, Switzerland')).toBeTruthy();
    expect(screen.getByTestId('blurred-cover')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register Now' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'People you might know' })).toBeNull();
  });

  it("shows 'Event Not Found' for a 404", async () => {
    show({ error: 'Event not found' }, 404);
    render();
    expect(await screen.findByRole('heading', { name: 'Event Not Found' })).toBeTruthy();
    expect(screen.getByText("This event doesn't exist or you don't have access to view it.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Events' }).getAttribute('href')).toBe('/events');
  });

  it('shows a loading state, then an error with Retry that loads again', async () => {
    let answer: { status: number; body: object } = { status: 500, body: { error: 'Internal server error' } };
    api.on('GET /api/events/e1', () => answer);
    render();
    expect(screen.getByRole('status', { name: 'Loading event' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Error loading event' })).toBeTruthy();
    answer = { status: 200, body: makeEventItem() };
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Product Summit' })).toBeTruthy();
    await waitFor(() => expect(requestsTo('GET', '/api/events/e1')).toHaveLength(2));
  });
});
