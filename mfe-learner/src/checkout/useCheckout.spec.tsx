import type { ReactNode } from 'react';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@academy/routing';
import { useUserStore } from '@academy/platform';
import { TestPlatformProviders, fakeAuth0, installFetchMock, jsonResponse, testRuntimeConfig } from '@academy/platform/testing';
import { useEnrollment } from '../catalogue/data/useEnrollment';
import { userData } from '../catalogue/testing/catalogueTestKit';
import { resetCheckoutScriptForTests, type RazorpayFailure, type RazorpayOptions } from './razorpayCheckout';
import { ENROLLMENT_SUCCESSFUL, PAYMENT_BEING_CONFIRMED, useCheckout, VERIFICATION_ERROR, VERIFICATION_FAILED } from './useCheckout';

const course = { _id: 'course-7', courseTitle: 'Algebra Foundations' };
const order = { id: 'order_Test123', amount: 49950, currency: 'INR' };
const payment = { razorpay_order_id: order.id, razorpay_payment_id: 'pay_Test123', razorpay_signature: 'ab'.repeat(32) };

let opened: { options: RazorpayOptions; failed?: (failure: RazorpayFailure) => void } | undefined;
let location = '/course/course-7';
let locationState: unknown = null;
const fetchMock = installFetchMock();
/** What the page sent, in order. */
const requests = {
  get all() {
    return fetchMock.mock.calls.map(([url, init]) => ({
      url,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      traceparent: (init?.headers as Record<string, string> | undefined)?.traceparent,
    }));
  },
};

const json = (body: unknown, status = 200) => Promise.resolve(jsonResponse(status, body));

function LocationProbe() {
  const current = useLocation();
  location = current.pathname;
  locationState = current.state;
  return null;
}

function wrapper({ children }: { children: ReactNode }) {
  return (
    <TestPlatformProviders auth={fakeAuth0({ isAuthenticated: true, user: { sub: 'sandbox|student-aarav' } })}>
      <MemoryRouter initialEntries={['/course/course-7']}>
        <Routes>
          <Route path="*" element={<LocationProbe />} />
        </Routes>
        {children}
      </MemoryRouter>
    </TestPlatformProviders>
  );
}

beforeEach(() => {
  opened = undefined;
  location = '/course/course-7';
  useUserStore.setState({ user: userData(), status: 'ready' });
  // The checkout script is "already loaded": the fake records what the page asked of it.
  window.Razorpay = class {
    constructor(readonly options: RazorpayOptions) {
      opened = { options };
    }
    open() {}
    on(_event: 'payment.failed', callback: (failure: RazorpayFailure) => void) {
      opened!.failed = callback;
    }
  };
});

afterEach(() => {
  resetCheckoutScriptForTests();
  useUserStore.getState().clear();
});

async function enrollAndPay() {
  const { result } = renderHook(() => useEnrollment(course), { wrapper });
  act(() => result.current.enroll());
  await waitFor(() => expect(opened).toBeDefined());
  await act(async () => opened!.options.handler(payment));
}

describe('Enroll Now → Razorpay Checkout → verify', () => {
  it('opens Checkout with the order, the course title, prefill and theme, then verifies and goes to /my-enrollments', async () => {
    fetchMock.answer('/api/user/purchase', () => json({ success: true, purchaseId: 'p-1', keyId: 'rzp_test_sandbox', order }));
    fetchMock.answer('/api/user/verifyRazorpay', () => json({ success: true, message: 'Payment verified' }));
    await enrollAndPay();
    expect(opened!.options).toMatchObject({
      key: 'rzp_test_sandbox',
      amount: 49950,
      currency: 'INR',
      order_id: order.id,
      name: 'Algebra Foundations',
      description: 'Course Enrollment',
      prefill: { name: 'Aarav Sharma', email: 'aarav@demo.academy' },
      theme: { color: '#3399cc' },
    });
    expect(requests.all.find((r) => r.url.endsWith('/api/user/purchase'))!.body).toEqual({ courseId: 'course-7' });
    expect(requests.all.find((r) => r.url.endsWith('/api/user/verifyRazorpay'))!.body).toEqual({ ...payment, purchaseId: 'p-1' });
    // One trace from the click to the enrolment: both calls carry the same trace id, each its own parent span.
    const [ordered, verified] = ['/api/user/purchase', '/api/user/verifyRazorpay'].map((path) => requests.all.find((r) => r.url.endsWith(path))!.traceparent);
    expect(ordered).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(verified!.slice(0, 36)).toBe(ordered!.slice(0, 36));
    expect(verified).not.toBe(ordered);
    expect(await screen.findByText(ENROLLMENT_SUCCESSFUL)).toBeInTheDocument();
    await waitFor(() => expect(location).toBe('/my-enrollments'));
    expect(testRuntimeConfig.razorpay.checkoutScriptUrl).toMatch(/checkout\.js$/);
  });

  it('says "Payment verification failed." when verification answers success: false, and stays', async () => {
    fetchMock.answer('/api/user/purchase', () => json({ success: true, purchaseId: 'p-1', order }));
    fetchMock.answer('/api/user/verifyRazorpay', () => json({ success: false, message: 'Payment signature is invalid' }));
    await enrollAndPay();
    expect(await screen.findByText(VERIFICATION_FAILED)).toBeInTheDocument();
    expect(location).toBe('/course/course-7');
  });

  it('says "Something went wrong during verification." when the verify call throws', async () => {
    fetchMock.answer('/api/user/purchase', () => json({ success: true, purchaseId: 'p-1', order }));
    fetchMock.answer('/api/user/verifyRazorpay', () => Promise.reject(new TypeError('Failed to fetch')));
    await enrollAndPay();
    expect(await screen.findByText(VERIFICATION_ERROR)).toBeInTheDocument();
    expect(location).toBe('/course/course-7');
  });

  it('enrols in a free course without opening Checkout', async () => {
    fetchMock.answer('/api/user/purchase', () => json({ success: true, purchaseId: 'p-2', enrolled: true, message: 'Enrolled in the free course' }));
    const { result } = renderHook(() => useEnrollment(course), { wrapper });
    act(() => result.current.enroll());
    expect(await screen.findByText(ENROLLMENT_SUCCESSFUL)).toBeInTheDocument();
    expect(opened).toBeUndefined();
    await waitFor(() => expect(location).toBe('/my-enrollments'));
  });

  it("a parent buying for a child: the payment window's description names the child, and the parent lands on the child's report", async () => {
    fetchMock.answer('/api/user/purchase', () => json({ success: true, purchaseId: 'p-5', keyId: 'rzp_test_sandbox', order }));
    fetchMock.answer('/api/user/verifyRazorpay', () => json({ success: true, message: 'Payment verified' }));
    const { result } = renderHook(() => useCheckout(), { wrapper });
    act(() => void result.current.start(course, { id: 'sandbox|student-aarav', name: 'Aarav Sharma' }));
    await waitFor(() => expect(opened).toBeDefined());
    expect(opened!.options).toMatchObject({ name: 'Algebra Foundations', description: 'Course Enrollment for Aarav Sharma' });
    expect(requests.all.find((r) => r.url.endsWith('/api/user/purchase'))!.body).toEqual({ courseId: 'course-7', learnerId: 'sandbox|student-aarav' });
    await act(async () => opened!.options.handler(payment));
    expect(await screen.findByText(`${ENROLLMENT_SUCCESSFUL} Aarav Sharma is enrolled.`)).toBeInTheDocument();
    await waitFor(() => expect(location).toBe('/parent/child/sandbox%7Cstudent-aarav'));
  });

  it('shows the server’s "Already Enrolled" and a failed payment’s message', async () => {
    fetchMock.answer('/api/user/purchase', () => json({ success: false, message: 'Already Enrolled' }, 409));
    const { result } = renderHook(() => useEnrollment(course), { wrapper });
    act(() => result.current.enroll());
    expect(await screen.findByText('Already Enrolled')).toBeInTheDocument();

    fetchMock.answer('/api/user/purchase', () => json({ success: true, purchaseId: 'p-3', order }));
    act(() => result.current.enroll());
    await waitFor(() => expect(opened).toBeDefined());
    act(() => opened!.failed!({ error: { description: 'The payer chose Fail' } }));
    expect(await screen.findByText('Payment failed: The payer chose Fail')).toBeInTheDocument();
    expect(requests.all.some((r) => r.url.endsWith('/api/user/verifyRazorpay'))).toBe(false);
  });

  it('is busy from the click until the answer, through the order, the payment window and the verification, and never buys twice', async () => {
    let answerPurchase!: (response: Promise<Response>) => void;
    let answerVerify!: (response: Promise<Response>) => void;
    fetchMock.answer('/api/user/purchase', () => new Promise<Response>((resolve) => (answerPurchase = resolve)));
    fetchMock.answer('/api/user/verifyRazorpay', () => new Promise<Response>((resolve) => (answerVerify = resolve)));
    const { result } = renderHook(() => useEnrollment(course), { wrapper });
    expect(result.current.phase).toBe('idle');
    act(() => result.current.enroll());
    expect(result.current.phase).toBe('ordering');
    act(() => result.current.enroll()); // a second click while the order is on its way
    await waitFor(() => expect(answerPurchase).toBeDefined());
    expect(requests.all.filter((r) => r.url.endsWith('/api/user/purchase'))).toHaveLength(1);

    await act(async () => answerPurchase(json({ success: true, purchaseId: 'p-9', order })));
    await waitFor(() => expect(result.current.phase).toBe('paying'));
    act(() => result.current.enroll());
    expect(requests.all.filter((r) => r.url.endsWith('/api/user/purchase'))).toHaveLength(1);

    act(() => opened!.options.handler(payment));
    await waitFor(() => expect(result.current.phase).toBe('verifying'));
    await act(async () => answerVerify(json({ success: true, message: 'Payment verified' })));
    await waitFor(() => expect(result.current.phase).toBe('idle'));
    await waitFor(() => expect(location).toBe('/my-enrollments'));
  });

  it('is idle again when the learner closes the payment window', async () => {
    fetchMock.answer('/api/user/purchase', () => json({ success: true, purchaseId: 'p-1', order }));
    const { result } = renderHook(() => useEnrollment(course), { wrapper });
    act(() => result.current.enroll());
    await waitFor(() => expect(result.current.phase).toBe('paying'));
    act(() => opened!.options.modal!.ondismiss!());
    expect(result.current.phase).toBe('idle');
  });

  it('is idle again after a refused order, so the learner can try again', async () => {
    fetchMock.answer('/api/user/purchase', () => json({ success: false, message: 'Course not found' }, 404));
    const { result } = renderHook(() => useEnrollment(course), { wrapper });
    act(() => result.current.enroll());
    expect(await screen.findByText('Course not found')).toBeInTheDocument();
    expect(result.current.phase).toBe('idle');
  });

  it('on an unsettled verification (504) says the payment is being confirmed and goes to My Enrollments to wait for it', async () => {
    fetchMock.answer('/api/user/purchase', () => json({ success: true, purchaseId: 'p-1', order }));
    fetchMock.answer('/api/user/verifyRazorpay', () => json({ success: false, message: 'Payment verification is taking longer than expected' }, 504));
    await enrollAndPay();
    expect(await screen.findByText(PAYMENT_BEING_CONFIRMED)).toBeInTheDocument();
    await waitFor(() => expect(location).toBe('/my-enrollments'));
    expect(locationState).toEqual({ pendingCourseId: course._id });
  });
});
