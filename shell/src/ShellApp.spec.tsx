import type { RemoteLoader } from '@academy/platform';
import { fakeAuth0, resetRemoteRouteTables, setRemoteRouteTables, TestPlatformProviders, testRuntimeConfig } from '@academy/platform/testing';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JSX } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '@academy/routing';
import { ShellApp } from './ShellApp';

function CurrentPath() {
  return <span data-testid="path">{useLocation().pathname}</span>;
}

function renderShell(path: string, remoteLoader: RemoteLoader, timeoutMs = 10000) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <TestPlatformProviders auth={fakeAuth0()} config={{ ...testRuntimeConfig, remoteLoadTimeoutMs: timeoutMs }}>
        <ShellApp remoteLoader={remoteLoader} />
        <CurrentPath />
      </TestPlatformProviders>
    </MemoryRouter>,
  );
}

const remoteApps: Record<string, () => JSX.Element> = {
  'learner/App': () => (
    <Routes>
      <Route path="/" element={<h1>Courses</h1>} />
      <Route path="/course-list" element={<h1>All courses</h1>} />
    </Routes>
  ),
  'info/App': () => <h1>About Academy</h1>,
  'educator/App': () => <h1>Hi! Meera Iyer</h1>,
};
const workingLoader: RemoteLoader = async (id) => ({ default: remoteApps[id] });

// What the remotes' manifests publish (each remote's src/pages.json); the shell bundles no page list of its own.
const publishedPages = {
  learner: { pages: ['/', '/course-list', '/whats-new'] },
  educator: { pages: ['/educator'], fallbacks: ['/educator/*'], ownChrome: true },
  info: { pages: ['/about'] },
};

describe('ShellApp', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    setRemoteRouteTables(publishedPages);
  });
  afterEach(() => jest.restoreAllMocks());

  it('routes a page only the remote’s manifest names to that remote', async () => {
    const loader = jest.fn(async (id: string) => ({ default: id === 'learner/App' ? () => <h1>What is new</h1> : remoteApps[id] }));
    renderShell('/whats-new', loader);
    // The first render of the file loads React, the router and the chrome: slower than findBy's 1 s on a busy machine.
    expect(await screen.findByRole('heading', { name: 'What is new' }, { timeout: 5000 })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('learner/App');
  });

  it('shows the chrome and a loading view until the manifests say who serves the path', async () => {
    resetRemoteRouteTables();
    const loader = jest.fn(workingLoader);
    renderShell('/about', loader);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(loader).not.toHaveBeenCalled();
    act(() => setRemoteRouteTables(publishedPages));
    expect(await screen.findByRole('heading', { name: 'About Academy' })).toBeInTheDocument();
  });

  it('says a part is unavailable, not missing, when the manifest of a remote that may serve it fails', () => {
    setRemoteRouteTables({ learner: publishedPages.learner, educator: publishedPages.educator });
    renderShell('/about', jest.fn(workingLoader));
    expect(screen.getByRole('alert')).toHaveTextContent('This part of the portal is not available right now');
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it('renders the remote that owns the path inside the chrome', async () => {
    const loader = jest.fn(workingLoader);
    renderShell('/about', loader);
    expect(await screen.findByRole('heading', { name: 'About Academy' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('info/App');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('shows the fallback panel when a remote fails, keeps the chrome working, and Retry loads it again', async () => {
    const loader = jest
      .fn<Promise<unknown>, [string]>()
      .mockRejectedValueOnce(new Error('[ Federation Runtime ]: RUNTIME-003 manifest unreachable'))
      .mockImplementation(workingLoader);
    renderShell('/about', loader);
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the portal is not available right now');
    expect(screen.getByRole('link', { name: 'Academy' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'About Academy' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('the chrome still navigates while a remote is down', async () => {
    const loader = jest.fn<Promise<unknown>, [string]>(async (id) => {
      if (id === 'info/App') throw new Error('info is down');
      return workingLoader(id);
    });
    renderShell('/about', loader);
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('link', { name: 'Academy' }));
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the fallback panel when a remote does not answer within remoteLoadTimeoutMs', async () => {
    jest.useFakeTimers();
    try {
      const loader = jest.fn<Promise<unknown>, [string]>(() => new Promise(() => {}));
      renderShell('/', loader, 2000);
      expect(screen.getByRole('status')).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(2000);
      });
      expect(screen.getByRole('alert')).toHaveTextContent('not available right now');
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('hides navbar, footer and WhatsApp box under /educator', async () => {
    renderShell('/educator', workingLoader);
    expect(await screen.findByRole('heading', { name: 'Hi! Meera Iyer' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('shows the not-found page for a path no remote owns, without loading any remote', () => {
    const loader = jest.fn(workingLoader);
    renderShell('/no-such-page', loader);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(loader).not.toHaveBeenCalled();
  });

  it('/loading/<path> shows a spinner and navigates to /<path> after 5 seconds', async () => {
    jest.useFakeTimers();
    try {
      renderShell('/loading/course-list', workingLoader);
      expect(screen.getByRole('status')).toHaveTextContent('Loading, please wait');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(4999);
      });
      expect(screen.getByTestId('path')).toHaveTextContent('/loading/course-list');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1);
      });
      expect(screen.getByTestId('path')).toHaveTextContent(/^\/course-list$/);
      expect(screen.getByRole('heading', { name: 'All courses' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
