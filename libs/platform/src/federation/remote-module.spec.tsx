import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { RemoteModule, RemoteSection } from './remote-module';
import type { RemoteLoader } from './load-remote-module';

function Greeting({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

describe('RemoteModule', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('renders the exposed component with its props', async () => {
    const loader: RemoteLoader = jest.fn(async () => ({ default: Greeting }));
    render(<RemoteModule id="learner/App" loader={loader} componentProps={{ name: 'Meera' }} />);
    expect(await screen.findByRole('heading', { name: 'Hello Meera' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('learner/App');
  });

  it('reveals the remote and a page it loads lazily as soon as both are here, not 300 ms after a fallback', async () => {
    // React's own scheduling, as in a browser: act() renders the reveal at once and would hide React's hold.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      // A remote's App whose page is a lazy chunk of its own, as the learner's are.
      const Page = lazy(async () => ({ default: () => <h1>Course List</h1> }));
      let arrive: (module: unknown) => void = () => undefined;
      const arrived = new Promise((resolve) => (arrive = resolve));
      const loader: RemoteLoader = () => arrived;
      root.render(<RemoteModule id="learner/App" loader={loader} />);
      await waitFor(() => expect(container).toHaveTextContent('Loading'));
      arrive({ default: () => <Page /> });
      // React holds back the reveal of a boundary that showed its fallback for 300 ms (FALLBACK_THROTTLE_MS); here
      // the boundary never showed it, so the page is there within a few milliseconds (200 allows a slow machine).
      await waitFor(() => expect(container.querySelector('h1')).toHaveTextContent('Course List'), { timeout: 200 });
    } finally {
      root.unmount();
      container.remove();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it('shows the fallback panel when the load rejects, and Retry loads again', async () => {
    const loader = jest
      .fn<Promise<unknown>, [string]>()
      .mockRejectedValueOnce(new Error('[ Federation Runtime ]: RUNTIME-003'))
      .mockResolvedValueOnce({ default: () => <p>About Academy</p> });
    render(<RemoteModule id="info/App" loader={loader} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the portal is not available right now');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('About Academy')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('treats a synchronous throw of the loader like a rejection', async () => {
    const loader: RemoteLoader = () => {
      throw new Error('RUNTIME-004 remote not registered');
    };
    render(<RemoteModule id="info/App" loader={loader} />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('gives up after the time limit on a remote that never answers, and Retry starts a new load', async () => {
    jest.useFakeTimers();
    try {
      const loader = jest
        .fn<Promise<unknown>, [string]>()
        .mockImplementationOnce(() => new Promise(() => {}))
        .mockResolvedValueOnce({ default: () => <p>Educator area</p> });
      render(<RemoteModule id="educator/App" loader={loader} timeoutMs={3000} />);
      expect(screen.getByRole('status')).toHaveTextContent('Loading');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(2999);
      });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1);
      });
      expect(screen.getByRole('alert')).toHaveTextContent('not available right now');

      act(() => screen.getByRole('button', { name: 'Retry' }).click());
      await act(async () => {
        await jest.advanceTimersByTimeAsync(0);
      });
      expect(screen.getByText('Educator area')).toBeInTheDocument();
      expect(loader).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('uses a custom error view', async () => {
    const loader: RemoteLoader = async () => {
      throw new Error('down');
    };
    render(<RemoteModule id="info/App" loader={loader} renderError={({ error }) => <p>Custom: {error.message}</p>} />);
    expect(await screen.findByText('Custom: down')).toBeInTheDocument();
  });

  it('catches a remote that crashes while rendering', async () => {
    const Crashing = () => {
      throw new Error('boom');
    };
    render(<RemoteModule id="learner/App" loader={async () => ({ default: Crashing })} />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

describe('RemoteSection', () => {
  it('loads <remote>/<module>', async () => {
    const loader = jest.fn(async () => ({ default: () => <section aria-label="Testimonials" /> }));
    render(<RemoteSection remote="info" module="TestimonialsSection" loader={loader} />);
    expect(await screen.findByRole('region', { name: 'Testimonials' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('info/TestimonialsSection');
  });
});
