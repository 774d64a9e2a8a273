import type { LiveDoubt } from '@academy/contracts';
import { fakeAuth0, TestPlatformProviders } from '@academy/platform/testing';
import type { LiveRoom } from '@academy/ui/live';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@academy/routing';
import { LiveDoubtsList } from './LiveDoubtsList';

const doubt = (id: string, userName: string, atSecond: number, html: string): LiveDoubt => ({
  id, classId: 'c', userId: `u-${id}`, userName, atSecond, html, clientId: `k-${id}`, askedAt: `2026-12-01T12:00:0${id}.000Z`,
});
const room = (doubts: LiveDoubt[]) => ({ state: { connection: 'connected', doubts } }) as unknown as LiveRoom;

function renderList(doubts: LiveDoubt[]) {
  return render(
    <MemoryRouter>
      <TestPlatformProviders auth={fakeAuth0({ user: { sub: 'meera', name: 'Meera Iyer' } })}>
        <LiveDoubtsList room={room(doubts)} courseId="course-1" />
      </TestPlatformProviders>
    </MemoryRouter>,
  );
}

describe('LiveDoubtsList', () => {
  it('shows the class doubts newest first with who asked and the second of the class, announced as they arrive', () => {
    renderList([doubt('1', 'Aarav Sharma', 95, '<p>Why <strong>friction</strong>?</p>'), doubt('2', 'Diya Patel', 3725, '<p>And on a slope?</p>')]);
    expect(screen.getByRole('heading', { name: 'Doubts (2)' })).toBeInTheDocument();
    const list = screen.getByRole('list');
    expect(list).toHaveAttribute('aria-live', 'polite');
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Diya Patel · at 1:02:05 of the class');
    expect(items[1]).toHaveTextContent('Aarav Sharma · at 1:35 of the class');
    expect(within(items[1]!).getByText('friction').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Answer them in the inbox' })).toHaveAttribute('href', '/educator/inbox?courseId=course-1');
  });

  it('says when no doubt has been asked yet', () => {
    renderList([]);
    expect(screen.getByRole('heading', { name: 'Doubts (0)' })).toBeInTheDocument();
    expect(screen.getByText("No doubts yet. Learners' doubts appear here as they ask them.")).toBeInTheDocument();
  });
});
