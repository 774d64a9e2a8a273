import type { UserData } from '@academy/contracts';
import { useUserStore } from './user-store';

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
