import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { PortalAuthContext } from '../auth/portal-auth';
import { SnackbarProvider } from 'notistack';
import { fakeAuth0 } from '../testing';
import { PlatformQueryProvider } from './query-provider';

let fetched = 0;
function WhoAmI() {
  const query = useQuery({ queryKey: ['who'], queryFn: async () => `answer ${++fetched}` });
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
  it('fetches again when the user signs in, and not when nothing changed', async () => {
    fetched = 0;
    const view = render(tree(fakeAuth0()));
    expect(await screen.findByText('answer 1')).toBeInTheDocument();
    view.rerender(tree(fakeAuth0()));
    expect(screen.getByText('answer 1')).toBeInTheDocument();
    view.rerender(tree(fakeAuth0({ user: { sub: 'sandbox|aarav' } })));
    await waitFor(() => expect(screen.getByText('answer 2')).toBeInTheDocument());
    expect(fetched).toBe(2);
  });
});
