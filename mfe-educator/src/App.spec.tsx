import type { UserData } from '@academy/contracts';
import { useUserStore } from '@academy/platform';
import { fakeAuth0, TestPlatformProviders } from '@academy/platform/testing';
import type { Auth0ContextInterface } from '@auth0/auth0-react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import App from './App';

const meera: UserData = {
  _id: 'sandbox|educator-meera',
  name: 'Meera Iyer',
  email: 'meera@demo.academy',
  imageUrl: '',
  enrolledCourses: [],
  publicMetadata: { role: 'educator' },
};
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

describe('educator App at /educator', () => {
  beforeEach(() => useUserStore.getState().clear());

  it('greets the educator by full name', () => {
    storeHolds(meera);
    renderAt('/educator', fakeAuth0({ user: { name: 'Meera Iyer' } }));
    expect(screen.getByRole('heading', { name: 'Hi! Meera Iyer' })).toBeInTheDocument();
  });

  it('falls back to "Developers" without a name', () => {
    storeHolds({ ...meera, name: '' });
    renderAt('/educator', fakeAuth0({ user: {} }));
    expect(screen.getByRole('heading', { name: 'Hi! Developers' })).toBeInTheDocument();
  });

  it('shows a loading view while the user loads', () => {
    storeHolds(null, 'loading');
    renderAt('/educator', fakeAuth0({ user: { name: 'Meera Iyer' } }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('tells a student the area is for educators, with a link home', () => {
    storeHolds(aarav);
    renderAt('/educator', fakeAuth0({ user: { name: 'Aarav Sharma' } }));
    expect(screen.getByRole('heading', { name: 'This area is for educators' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/Hi!/)).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in, returning to /educator', () => {
    const loginWithRedirect = jest.fn(async () => {});
    renderAt('/educator', fakeAuth0({ loginWithRedirect }));
    expect(loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: '/educator' } });
    expect(screen.getByRole('status')).toHaveTextContent('Sending you to sign in');
  });
});
