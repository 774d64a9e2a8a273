import type { UserData } from '@academy/contracts';
import { useUserStore } from '@academy/platform';
import { fakeAuth0, TestPlatformProviders } from '@academy/platform/testing';
import type { Auth0ContextInterface } from '@auth0/auth0-react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@academy/routing';
import App from './App';
import { fakeServer, meera, renderEducatorApp } from './testing/educatorTestKit';

const aarav: UserData = { ...meera, _id: 'sandbox|student-aarav', name: 'Aarav Sharma', publicMetadata: { role: 'student' } };

function renderAt(path: string, auth: Auth0ContextInterface) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <TestPlatformProviders auth={auth}>
        <App />
      </TestPlatformProviders>
    </MemoryRouter>,
  );
}

function storeHolds(user: UserData | null, status: 'idle' | 'loading' | 'ready' = 'ready') {
  useUserStore.setState({ user, isEducator: user?.publicMetadata.role === 'educator', status, error: null });
}

describe('educator layout', () => {
  beforeEach(() => {
    useUserStore.getState().clear();
    fakeServer(); // every API call answers 404: the pages show their own states
  });

  it('greets the educator by full name, with a logo link home, the user menu and the footer', () => {
    renderEducatorApp('/educator');
    expect(screen.getByText('Hi! Meera Iyer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Academy' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Account menu for Meera Iyer' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2025 Academy. All Rights Reserved.');
  });

  it('falls back to "Developers" without a name', () => {
    renderEducatorApp('/educator', { ...meera, name: '' });
    expect(screen.getByText('Hi! Developers')).toBeInTheDocument();
  });

  it('shows a loading view while the user loads', () => {
    storeHolds(null, 'loading');
    renderAt('/educator', fakeAuth0({ user: { name: 'Meera Iyer' } }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('tells a student the area is for educators, with a link home', () => {
    storeHolds(aarav);
    renderAt('/educator/add-course', fakeAuth0({ user: { name: 'Aarav Sharma' } }));
    expect(screen.getByRole('heading', { name: 'This area is for educators' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/Hi!/)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in, returning to the page asked for', () => {
    const loginWithRedirect = jest.fn(async () => {});
    renderAt('/educator/my-courses', fakeAuth0({ loginWithRedirect }));
    expect(loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: '/educator/my-courses' } });
    expect(screen.getByRole('status')).toHaveTextContent('Sending you to sign in');
  });

  it.each([
    ['/educator', 'Dashboard'],
    ['/educator/add-course', 'Add Courses'],
    ['/educator/my-courses', 'My Courses'],
    ['/educator/students-enrolled', 'Student Enrolled'],
    ['/educator/coupons', 'Coupons'],
    ['/educator/payouts', 'Payouts'],
    ['/educator/settings', 'Settings'],
  ])('at %s only "%s" is the current menu entry (Dashboard on exact match only)', (path, current) => {
    renderEducatorApp(path);
    const menu = within(screen.getByRole('navigation', { name: 'Educator' }));
    const links = menu.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Dashboard', 'Add Courses', 'My Courses', 'Student Enrolled', 'Coupons', 'Assignments', 'Live classes', 'Inbox', 'Quiz results', 'Analytics', 'Reported reviews', 'Payouts', 'Settings']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/educator', '/educator/add-course', '/educator/my-courses', '/educator/students-enrolled', '/educator/coupons', '/educator/assignments', '/educator/live-classes', '/educator/inbox', '/educator/quiz-results', '/educator/analytics', '/educator/reported-reviews', '/educator/payouts', '/educator/settings']);
    expect(links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent)).toEqual([current]);
  });

  it('shows a not-found message for an unknown educator path', () => {
    renderEducatorApp('/educator/nowhere');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('educator layout in Hindi', () => {
  beforeEach(() => {
    useUserStore.getState().clear();
    fakeServer();
  });

  it("switches from the header's language switch, and the user menu offers the other language by its own name", async () => {
    renderEducatorApp('/educator/coupons');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Meera Iyer' }));
    expect(screen.queryByRole('button', { name: 'English' })).not.toBeInTheDocument();
    const hindi = screen.getByRole('button', { name: 'हिन्दी' });
    expect(hindi).toHaveAttribute('lang', 'hi');
    expect(hindi.closest('li')).toHaveClass('educator-user-menu__item--small-only');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'hi');
    const menu = within(await screen.findByRole('navigation', { name: 'शिक्षक' }));
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'डैशबोर्ड', 'कोर्स जोड़ें', 'मेरे कोर्स', 'नामांकित विद्यार्थी', 'कूपन', 'असाइनमेंट', 'लाइव कक्षाएँ', 'इनबॉक्स', 'क्विज़ के परिणाम', 'विश्लेषण',
      'रिपोर्ट की गई समीक्षाएँ', 'पेआउट', 'सेटिंग्स',
    ]);
    expect(screen.getByText('नमस्ते! Meera Iyer')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'कूपन' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2025 Academy. सर्वाधिकार सुरक्षित।');

    await userEvent.click(screen.getByRole('button', { name: 'Meera Iyer का खाता मेन्यू' }));
    const backToEnglish = screen.getByRole('button', { name: 'English' });
    expect(backToEnglish).toHaveAttribute('lang', 'en');
    await userEvent.click(backToEnglish);
    expect(await screen.findByRole('navigation', { name: 'Educator' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Coupons' })).toBeInTheDocument();
  });
});
