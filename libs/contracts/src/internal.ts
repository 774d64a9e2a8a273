// Calls between services under /internal/ (never routed by the edge): one definition for caller and callee.
import { z } from 'zod';

/** POST /internal/enrolments (progress), sent by commerce: enrol once per purchase. */
export const enrolmentRequestSchema = z.object({
  purchaseId: z.uuid({ message: 'purchaseId must be a valid purchase id' }),
  userId: z.string().min(1, 'userId is required').max(200),
  courseId: z.uuid({ message: 'courseId must be a valid course id' }),
  name: z.string().max(500).optional(),
  email: z.string().max(500).optional(),
  imageUrl: z.string().max(2000).optional(),
});
export type EnrolmentRequest = z.infer<typeof enrolmentRequestSchema>;

/** Progress's answer: whether this call created the enrolment (false when it already existed). */
export interface EnrolmentAnswer {
  success: true;
  created: boolean;
}

/** One course's figures in commerce's earnings ledger: rupees exact to the paisa (net of refunds) and paid enrolments. */
export interface CourseEarnings {
  courseId: string;
  earnings: number;
  enrolments: number;
}

/** GET /api/educator/earnings/by-course (commerce): the caller's net earnings per course, for My Courses. */
export interface CourseEarningsAnswer {
  success: true;
  courses: CourseEarnings[];
}

/** POST /internal/enrolments/:purchaseId/revoke (progress), sent by commerce when a refund is processed. */
export const enrolmentRevocationSchema = z.object({
  refundId: z.string().min(1, 'refundId is required').max(100),
});
export type EnrolmentRevocation = z.infer<typeof enrolmentRevocationSchema>;

/**
 * POST /internal/enrolments/:purchaseId/end-for-refund (progress), sent by commerce when a learner asks for a refund,
 * before Razorpay is asked: access ends at once unless a certificate was issued for the course, which answers 409
 * with `REFUND_BLOCKED.certificate`. Progress decides both under one lock of the enrolment, so a refund and a
 * certificate exclude each other. Body: `enrolmentRevocationSchema` (the refund row's id).
 */
export const END_FOR_REFUND_PATH = (purchaseId: string) => `/internal/enrolments/${encodeURIComponent(purchaseId)}/end-for-refund`;

/** Progress's answer: whether this call ended the access (false when it had already ended). */
export interface EnrolmentRevocationAnswer {
  success: true;
  revoked: boolean;
}

/** GET /internal/users/:userId/certificates (progress), asked by commerce: a certificate ends refund eligibility. */
export interface UserCertificatesAnswer {
  success: true;
  courseIds: string[];
}

