import type { ReactNode } from 'react';
import { act, renderHook, screen } from '@testing-library/react';
import { useUserStore } from '@academy/platform';
import { TestPlatformProviders, fakeAuth0 } from '@academy/platform/testing';
import { MemoryRouter } from '@academy/routing';
import { COURSE_DATA_MISSING, LOGIN_TO_ENROLL, useEnrollment } from './useEnrollment';
import { userData } from '../testing/catalogueTestKit';

function signedIn({ children }: { children: ReactNode }) {
  return (
    <TestPlatformProviders auth={fakeAuth0({ user: { sub: 'sandbox|student-aarav' } })}>
      <MemoryRouter>{children}</MemoryRouter>
    </TestPlatformProviders>
  );
}

function signedOut({ children }: { children: ReactNode }) {
  return (
    <TestPlatformProviders>
      <MemoryRouter>{children}</MemoryRouter>
    </TestPlatformProviders>
  );
}

describe('useEnrollment', () => {
  afterEach(() => useUserStore.getState().clear());

  it('warns "Login to Enroll" before anything else when nobody is signed in', async () => {
    const { result } = renderHook(() => useEnrollment({ _id: '' }), { wrapper: signedOut });
    act(() => result.current.enroll());
    expect(await screen.findByText(LOGIN_TO_ENROLL)).toBeInTheDocument();
  });

  it('keeps a click made while the account loads and carries it out once loaded, without asking to log in', async () => {
    useUserStore.setState({ user: null, status: 'loading' });
    const { result } = renderHook(() => useEnrollment({ _id: 'course-7' }), { wrapper: signedIn });
    act(() => result.current.enroll());
    expect(screen.queryByText(LOGIN_TO_ENROLL)).not.toBeInTheDocument();
    act(() => useUserStore.setState({ user: userData({ enrolledCourses: ['course-7'] }), status: 'ready' }));
    expect(await screen.findByText('Already Enrolled')).toBeInTheDocument();
    expect(screen.queryByText(LOGIN_TO_ENROLL)).not.toBeInTheDocument();
  });

  it('reports missing course data for a signed-in user', async () => {
    useUserStore.setState({ user: userData(), status: 'ready' });
    const { result } = renderHook(() => useEnrollment({ _id: '' }), { wrapper: signedIn });
    expect(result.current.isEnrolled).toBe(false);
    act(() => result.current.enroll());
    expect(await screen.findByText(COURSE_DATA_MISSING)).toBeInTheDocument();
  });

  it('counts as enrolled from the user’s enrolledCourses', () => {
    useUserStore.setState({ user: userData({ enrolledCourses: ['course-7'] }), status: 'ready' });
    const enrolled = renderHook(() => useEnrollment({ _id: 'course-7' }), { wrapper: signedIn });
    expect(enrolled.result.current.isEnrolled).toBe(true);
    const notEnrolled = renderHook(() => useEnrollment({ _id: 'course-9' }), { wrapper: signedIn });
    expect(notEnrolled.result.current.isEnrolled).toBe(false);
  });
});
