import type { NotificationItem } from '@academy/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth0, installFetchMock, renderAtPath as renderChrome } from '../testing';
import { createEventParser } from './eventStream';
import { NotificationBell } from './NotificationBell';

const answered: NotificationItem = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'doubt_answered',
  title: 'Meera Iyer (educator) answered your doubt in Physics for Class 9',
  link: '/player/c1?lecture=l1&doubt=d1',
  read: false,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const reviewed: NotificationItem = { ...answered, id: '22222222-2222-4222-8222-222222222222', kind: 'assignment_reviewed', title: 'Your assignment in Physics for Class 9 was reviewed: 8/10', link: '/player/c1?assignment=a1', read: true };

const json = (status: number, body: unknown) => ({ ok: status < 400, status, text: async () => JSON.stringify(body) }) as Response;

/** A stream response whose events the test pushes one at a time (the connection stays open in between). */
function openStream() {
  const waiting: ((chunk: { value?: Uint8Array; done: boolean }) => void)[] = [];
  const queued: { value?: Uint8Array; done: boolean }[] = [];
  const push = (text: string) => {
    const chunk = { value: new TextEncoder().encode(text), done: false };
    const reader = waiting.shift();
    if (reader) reader(chunk);
    else queued.push(chunk);
  };
  const response = {
    ok: true,
    status: 200,
    body: { getReader: () => ({ read: () => (queued.length > 0 ? Promise.resolve(queued.shift()!) : new Promise((resolve) => waiting.push(resolve))) }) },
  } as unknown as Response;
  return { response, push };
}

describe('NotificationBell', () => {
  const fetchMock = installFetchMock();

  function serve(stream: ReturnType<typeof openStream>) {
    fetchMock.mockImplementation(async (url, init) => {
      if (url.endsWith('/notifications/stream')) return stream.response;
      if (url.endsWith('/notifications') && (!init?.method || init.method === 'GET')) return json(200, { success: true, notifications: [answered, reviewed], unreadCount: 1, nextCursor: null });
      if (url.endsWith('/read')) return json(200, { success: true, message: 'Marked read', unreadCount: 0 });
      if (url.endsWith('/read-all')) return json(200, { success: true, message: 'All notifications marked read', unreadCount: 0 });
      if (url.endsWith('/email-settings') && init?.method === 'PUT') return json(200, { success: true, message: 'Email settings saved', settings: JSON.parse(String(init.body)) });
      if (url.endsWith('/email-settings')) return json(200, { success: true, settings: { doubt_answered: true, doubt_new: true, assignment_reviewed: true, live_class: true } });
      return json(404, { success: false, message: `unexpected ${url}` });
    });
  }

  it('shows the live unread count in its name and goes up when a notification arrives, without a reload', async () => {
    const stream = openStream();
    serve(stream);
    renderChrome(<NotificationBell />, '/', { auth: fakeAuth0({ user: { name: 'Aarav' } }) });
    expect(screen.getByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
    // The stream is opened with the bearer token in a header (EventSource could not send one).
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/notifications/stream', expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer test-access-token' }) })));
    act(() => stream.push('retry: 5000\n\nevent: unread\ndata: {"unreadCount":1}\n\n'));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    act(() => stream.push(`event: notification\nid: x\ndata: ${JSON.stringify({ unreadCount: 2, notification: { ...answered, id: 'new' } })}\n\n: keep-alive\n\n`));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('opens a list of links to each place (dd/mm/yyyy), marks one read when followed, closes on Escape back to the bell', async () => {
    const user = userEvent.setup();
    const stream = openStream();
    serve(stream);
    renderChrome(<NotificationBell />, '/', { auth: fakeAuth0({ user: { name: 'Aarav' } }) });
    act(() => stream.push('event: unread\ndata: {"unreadCount":1}\n\n'));
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [`Unread: ${answered.title}20/11/2026`, answered.link],
      [`${reviewed.title}20/11/2026`, reviewed.link],
    ]);
    await user.keyboard('{Escape}');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();

    await user.click(bell);
    await user.click(screen.getAllByRole('link')[0]!);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(`/api/notifications/${answered.id}/read`, expect.objectContaining({ method: 'POST' })));
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/player/c1');
  });

  it('turns the email of one kind off from its settings', async () => {
    const user = userEvent.setup();
    serve(openStream());
    renderChrome(<NotificationBell />, '/', { auth: fakeAuth0({ user: { name: 'Aarav' } }) });
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    await user.click(screen.getByRole('button', { name: 'Email settings' }));
    const box = await screen.findByRole('checkbox', { name: 'Reviews of my assignments' });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save email settings' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/notifications/email-settings',
        expect.objectContaining({ method: 'PUT', body: JSON.stringify({ doubt_answered: true, doubt_new: true, assignment_reviewed: false, live_class: true }) }),
      ),
    );
  });
});

describe('createEventParser', () => {
  it('reads events split across chunks and skips comments', () => {
    const events: { event: string; data: string }[] = [];
    const parse = createEventParser((event) => events.push(event));
    parse('event: unr');
    parse('ead\ndata: {"unreadCount":3}\n\n: keep-alive\n\nevent: notification\r\ndata: {}\r\n\r\n');
    expect(events).toEqual([
      { event: 'unread', data: '{"unreadCount":3}' },
      { event: 'notification', data: '{}' },
    ]);
  });
});
