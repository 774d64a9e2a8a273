import { EDUCATOR_ROLE, PARENT_ROLE, type UserData } from '@academy/contracts';
import { create } from 'zustand';

export type UserStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Fetches `GET /api/user/data` for the signed-in user (set by PlatformProviders). */
export type UserDataFetcher = () => Promise<{ user: UserData }>;

export interface UserState {
  user: UserData | null;
  isEducator: boolean;
  /** A parent account: My Children instead of My Enrollments, unless they also study. */
  isParent: boolean;
  status: UserStatus;
  error: string | null;
  /** When the user's data now held was loaded (Date.now()), null when none is held. */
  loadedAt: number | null;
  /** Loads the user with the given fetcher and remembers it for reload(). */
  load(fetchUser: UserDataFetcher): Promise<void>;
  /** Loads the user again (after an enrolment, for example); does nothing when signed out. */
  reload(): Promise<void>;
  /** Forgets the user (signed out). */
  clear(): void;
}

/** The roles a user's data gives: educator, parent, or neither (a learner). */
export function rolesOf(user: UserData): { isEducator: boolean; isParent: boolean } {
  return { isEducator: user.publicMetadata?.role === EDUCATOR_ROLE, isParent: user.publicMetadata?.role === PARENT_ROLE };
}

let currentFetcher: UserDataFetcher | null = null;
let loadSequence = 0;

export const useUserStore = create<UserState>()((set) => ({
  user: null,
  isEducator: false,
  isParent: false,
  status: 'idle',
  error: null,
  loadedAt: null,
  async load(fetchUser) {
    currentFetcher = fetchUser;
    // A newer load (or a sign-out) wins over an older answer that arrives late.
    const sequence = ++loadSequence;
    set({ status: 'loading', error: null });
    try {
      const { user } = await fetchUser();
      if (sequence !== loadSequence) return;
      set({ user, ...rolesOf(user), status: 'ready', error: null, loadedAt: Date.now() });
    } catch (error) {
      if (sequence !== loadSequence) return;
      set({ user: null, isEducator: false, isParent: false, status: 'error', error: error instanceof Error ? error.message : String(error), loadedAt: null });
    }
  },
  async reload() {
    if (currentFetcher) await useUserStore.getState().load(currentFetcher);
  },
  clear() {
    currentFetcher = null;
    loadSequence++;
    set({ user: null, isEducator: false, isParent: false, status: 'idle', error: null, loadedAt: null });
  },
}));

/**
 * The signed-in user's data once the load under way (if any) has settled: null when signed out, when it failed, or
 * when it was loaded more than `maxAgeMs` ago. Lets a page start requests that need what the user data names (their
 * courses) without waiting for a render; data kept since long before may name what has changed since.
 */
export function settledUser({ maxAgeMs = Infinity } = {}): Promise<UserData | null> {
  const state = useUserStore.getState();
  if (state.status !== 'loading') {
    const fresh = state.status === 'ready' && state.loadedAt !== null && Date.now() - state.loadedAt <= maxAgeMs;
    return Promise.resolve(fresh ? state.user : null);
  }
  return new Promise((resolve) => {
    const unsubscribe = useUserStore.subscribe((next) => {
      if (next.status === 'loading') return;
      unsubscribe();
      resolve(next.status === 'ready' ? next.user : null);
    });
  });
}
