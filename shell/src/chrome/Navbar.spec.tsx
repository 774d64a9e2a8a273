import type { UserData } from '@academy/contracts';
import { useUserStore } from '@academy/platform';
import { fakeAuth0, TestPlatformProviders } from '@academy/platform/testing';
import type { Auth0ContextInterface } from '@auth0/auth0-react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@academy/routing';
import { Navbar } from './Navbar';

const student: UserData = {
  _id: 'sandbox|student-aarav',
  name: 'Aarav Sharma',
  email: 'aarav@demo.academy',
  imageUrl: '',
  enrolledCourses: [],
  publicMetadata: { role: 'student' },
};
const educator: UserData = { ...student, _id: 'sandbox|educator-meera', name: 'Meera Iyer', publicMetadata: { role: 'educator' } };
const parent: UserData = { ...student, _id: 'sandbox|parent-kavita', name: 'Kavita Sharma', publicMetadata: { role: 'parent' } };

function signedInAs(user: UserData, overrides: Partial<Auth0ContextInterface> = {}) {
  useUserStore.setState({
    user,
    isEducator: user.publicMetadata.role === 'educator',
    isParent: user.publicMetadata.role === 'parent',
    status: 'ready',
    error: null,
  });
  return fakeAuth0({ user: { name: user.name, email: user.email }, ...overrides });
}

function renderNavbar(auth = fakeAuth0(), path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <TestPlatformProviders auth={auth}>
        <Navbar />
      </TestPlatformProviders>
    </MemoryRouter>,
  );
}

describe('Navbar', () => {
  beforeEach(() => useUserStore.getState().clear());

  it('signed out: logo, Create Account that opens sign-in, no member links', async () => {
    const loginWithRedirect = jest.fn(async () => {});
    renderNavbar(fakeAuth0({ loginWithRedirect }));
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Academy' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'My Enrollments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Educator Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Aarav/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: '/' } });
  });

  it('shows neither Create Account nor the user menu while sign-in state is unknown', () => {
    renderNavbar(fakeAuth0({ isLoading: true }));
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
  });

  it('student: My Enrollments and the user menu with Parent access and My class, no Educator Dashboard or My Children', async () => {
    renderNavbar(signedInAs(student));
    expect(screen.getByRole('link', { name: 'My Enrollments' })).toHaveAttribute('href', '/my-enrollments');
    expect(screen.queryByRole('link', { name: 'Educator Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My Children' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aarav Sharma' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Parent access', 'My class', 'हिन्दी', 'Sign out']);
  });

  it('parent: My Children and Payments in the bar and in the user menu, no My Enrollments unless they study', async () => {
    const { unmount } = renderNavbar(signedInAs(parent));
    expect(screen.getByRole('link', { name: 'My Children' })).toHaveAttribute('href', '/parent');
    expect(screen.getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/parent/payments');
    expect(screen.queryByRole('link', { name: 'My Enrollments' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Kavita Sharma' }));
    const item = within(screen.getByRole('menu')).getByRole('menuitem', { name: 'My Children' });
    expect(item).toHaveClass('user-menu__item--small-only');
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual(['My Children', 'Payments', 'हिन्दी', 'Sign out']);
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Payments' })).not.toHaveClass('user-menu__item--small-only');
    unmount();
    renderNavbar(signedInAs({ ...parent, enrolledCourses: ['c1'] }));
    expect(screen.getByRole('link', { name: 'My Enrollments' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Children' })).toBeInTheDocument();
  });

  it('educator: Educator Dashboard in the bar and in the user menu (for small screens)', async () => {
    renderNavbar(signedInAs(educator));
    expect(screen.getByRole('link', { name: 'Educator Dashboard' })).toHaveAttribute('href', '/educator');
    await userEvent.click(screen.getByRole('button', { name: 'Meera Iyer' }));
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Educator Dashboard',
      'Parent access',
      'हिन्दी',
      'Sign out',
    ]);
  });

  it('user menu follows the menu button pattern with the keyboard and signs out to the origin', async () => {
    const logout = jest.fn(async () => {});
    renderNavbar(signedInAs(educator, { logout }));
    const button = screen.getByRole('button', { name: 'Meera Iyer' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const [dashboard, parentAccess, otherLanguage, signOut] = screen.getAllByRole('menuitem');
    expect(dashboard).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(parentAccess).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(otherLanguage).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(signOut).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(dashboard).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await userEvent.keyboard('{ArrowUp}');
    expect(signOut).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(logout).toHaveBeenCalledWith({ logoutParams: { returnTo: window.location.origin } });
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('is white on course-list pages and light cyan elsewhere', () => {
    const { container, unmount } = renderNavbar(fakeAuth0(), '/course-list/algebra');
    expect(container.querySelector('header')).toHaveClass('navbar--course-list');
    unmount();
    const other = renderNavbar(fakeAuth0(), '/about');
    expect(other.container.querySelector('header')).toHaveClass('navbar--default');
  });

  it('switches every string to Hindi and back from the bar, and the user menu offers the other language by its own name', async () => {
    renderNavbar(signedInAs(student));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'hi');
    expect(await screen.findByRole('link', { name: 'मेरे नामांकन' })).toHaveAttribute('href', '/my-enrollments');
    expect(screen.getByRole('combobox', { name: 'भाषा' })).toHaveValue('hi');
    expect(window.localStorage.getItem('academy.language')).toBe('hi');
    await userEvent.click(screen.getByRole('button', { name: 'Aarav Sharma' }));
    const english = within(screen.getByRole('menu')).getByRole('menuitem', { name: 'English' });
    expect(english).toHaveAttribute('lang', 'en');
    await userEvent.click(english);
    expect(await screen.findByRole('link', { name: 'My Enrollments' })).toBeInTheDocument();
  });
});
