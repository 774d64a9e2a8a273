import type { UserData } from '@academy/contracts';
import { settledUser, useUserStore } from './user-store';

const student: UserData = {
  _id: 'sandbox|student-aarav',
  name: 'Aarav Sharma',
  email: 'aarav@demo.academy',
  imageUrl: '',
  enrolledCourses: [],
  publicMetadata: { role: 'student' },
};
const educator: UserData = { ...student, _id: 'sandbox|educator-meera', name: 'Meera Iyer', publicMetadata: { role: 'educator' } };

describe('useUserStore', () => {
  beforeEach(() => useUserStore.getState().clear());

  it('loads the user and recognises an educator by publicMetadata.role', async () => {
    const loading = useUserStore.getState().load(async () => ({ user: educator }));
    expect(useUserStore.getState().status).toBe('loading');
    await loading;
    expect(useUserStore.getState()).toMatchObject({ user: educator, isEducator: true, status: 'ready', error: null });
  });

  it('a student is not an educator', async () => {
    await useUserStore.getState().load(async () => ({ user: student }));
    expect(useUserStore.getState().isEducator).toBe(false);
  });

  it('records the error message', async () => {
    await useUserStore.getState().load(async () => {
      throw new Error('Unauthorized');
    });
    expect(useUserStore.getState()).toMatchObject({ user: null, status: 'error', error: 'Unauthorized' });
  });

  it('reload() fetches again with the last fetcher', async () => {
    const fetchUser = jest.fn(async () => ({ user: student }));
    await useUserStore.getState().load(fetchUser);
    await useUserStore.getState().reload();
    expect(fetchUser).toHaveBeenCalledTimes(2);
  });

  it('ignores an answer that arrives after sign-out', async () => {
    let answer: (value: { user: UserData }) => void = () => {};
    const pending = useUserStore.getState().load(() => new Promise((resolve) => (answer = resolve)));
    useUserStore.getState().clear();
    answer({ user: educator });
    await pending;
    expect(useUserStore.getState()).toMatchObject({ user: null, isEducator: false, status: 'idle' });
  });
});

describe('settledUser', () => {
  beforeEach(() => useUserStore.getState().clear());

  it('waits for the load under way and gives its user; null when signed out or when the load failed', async () => {
    expect(await settledUser()).toBeNull();
    let answer: (value: { user: UserData }) => void = () => undefined;
    const loading = useUserStore.getState().load(() => new Promise((resolve) => (answer = resolve)));
    const settled = settledUser();
    answer({ user: student });
    await loading;
    expect(await settled).toEqual(student);
    expect(await settledUser()).toEqual(student);

    // Data held since long before is not handed out when the caller asks for recent data only.
    useUserStore.setState({ loadedAt: Date.now() - 60_000 });
    expect(await settledUser({ maxAgeMs: 5_000 })).toBeNull();
    expect(await settledUser()).toEqual(student);

    const failing = useUserStore.getState().load(async () => {
      throw new Error('Service unavailable');
    });
    const afterFailure = settledUser();
    await failing;
    expect(await afterFailure).toBeNull();
  });
});
