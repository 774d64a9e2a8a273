import { useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { PortalAuthContext } from '../auth/portal-auth';
import { SnackbarProvider } from 'notistack';
import { fakeAuth0 } from '../testing';
import { PlatformQueryProvider } from './query-provider';

let fetched = 0;
/** Answers the pending fetch (each fetch waits for it, so what the page shows meanwhile can be seen). */
let answer: () => void = () => undefined;
function WhoAmI() {
  const query = useQuery({
    queryKey: ['who'],
    queryFn: () => new Promise<string>((resolve) => (answer = () => resolve(`answer ${++fetched}`))),
  });
  return <p>{query.data ?? 'loading'}</p>;
}

function tree(auth: ReturnType<typeof fakeAuth0>) {
  return (
    <PortalAuthContext.Provider value={auth}>
      <SnackbarProvider>
        <PlatformQueryProvider>
          <WhoAmI />
        </PlatformQueryProvider>
      </SnackbarProvider>
    </PortalAuthContext.Provider>
  );
}

describe('PlatformQueryProvider', () => {
  it('fetches again when the user signs in, keeping the anonymous answer shown meanwhile, and not when nothing changed', async () => {
    fetched = 0;
    const view = render(tree(fakeAuth0()));
    await waitFor(() => answer());
    expect(await screen.findByText('answer 1')).toBeInTheDocument();
    view.rerender(tree(fakeAuth0()));
    expect(screen.getByText('answer 1')).toBeInTheDocument();
    view.rerender(tree(fakeAuth0({ user: { sub: 'sandbox|aarav' } })));
    // Fetching again with the token: the page does not go back to loading meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('answer 1')).toBeInTheDocument();
    act(() => answer());
    expect(await screen.findByText('answer 2')).toBeInTheDocument();
    expect(fetched).toBe(2);
  });

  it('drops the answers at once when the user changes or signs out', async () => {
    fetched = 0;
    const view = render(tree(fakeAuth0({ user: { sub: 'sandbox|aarav' } })));
    await waitFor(() => answer());
    expect(await screen.findByText('answer 1')).toBeInTheDocument();
    view.rerender(tree(fakeAuth0({ user: { sub: 'sandbox|diya' } })));
    expect(await screen.findByText('loading')).toBeInTheDocument();
    act(() => answer());
    expect(await screen.findByText('answer 2')).toBeInTheDocument();
    view.rerender(tree(fakeAuth0()));
    expect(await screen.findByText('loading')).toBeInTheDocument();
    act(() => answer());
    expect(await screen.findByText('answer 3')).toBeInTheDocument();
  });
});
