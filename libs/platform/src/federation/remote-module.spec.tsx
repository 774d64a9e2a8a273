import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
