import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type PurchaseStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'refunded';

/**
 * One attempt to buy one course for one learner; the amount is computed on the server. `userId` is the learner
 * (enrolled); `payerId` who pays (the learner, or a linked parent buying for a child).
 */
@Entity({ name: 'purchases' })
export class Purchase {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The learner: who is enrolled when the purchase is paid. */
  @Column({ name: 'user_id', type: 'text' })
  userId!: string;

  /** Who pays: the only account that may verify, see or refund the purchase; named on the receipt. */
  @Column({ name: 'payer_id', type: 'text' })
  payerId!: string;

  @Column({ name: 'payer_name', type: 'text', default: '' })
  payerName!: string;

  @Column({ name: 'payer_email', type: 'text', default: '' })
  payerEmail!: string;

  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @Column({ name: 'educator_id', type: 'text' })
  educatorId!: string;

  // bigint in PostgreSQL (pg hands it over as a string); a number here, exact far beyond any price.
  @Column({ name: 'amount_paise', type: 'bigint', transformer: { to: (paise: number) => paise, from: (stored: string | null) => (stored === null ? stored : Number(stored)) } })
  amountPaise!: number;

  /** The price before the coupon (catalogue's price after the course's own discount); null on purchases made before coupons. */
  @Column({ name: 'list_price_paise', type: 'bigint', nullable: true, transformer: { to: (paise: number | null) => paise, from: (stored: string | null) => (stored === null ? null : Number(stored)) } })
  listPricePaise!: number | null;

  /** What the coupon took off (`amountPaise` = list price − this). */
  @Column({ name: 'discount_paise', type: 'bigint', default: 0, transformer: { to: (paise: number) => paise, from: (stored: string | null) => Number(stored ?? 0) } })
  discountPaise!: number;

  @Column({ name: 'coupon_code', type: 'text', nullable: true })
  couponCode!: string | null;

  @Column({ type: 'text', default: 'INR' })
  currency!: string;

  @Column({ type: 'text', default: 'pending' })
  status!: PurchaseStatus;

  @Column({ name: 'razorpay_order_id', type: 'text', nullable: true, unique: true })
  razorpayOrderId!: string | null;

  @Column({ name: 'razorpay_payment_id', type: 'text', nullable: true })
  razorpayPaymentId!: string | null;

  /** The learner's profile (from the token, or progress's for a child), kept for the educator's lists. */
  @Column({ name: 'student_name', type: 'text', default: '' })
  studentName!: string;

  @Column({ name: 'student_email', type: 'text', default: '' })
  studentEmail!: string;

  @Column({ name: 'student_image_url', type: 'text', default: '' })
  studentImageUrl!: string;

  /** Catalogue's title when the purchase was created. */
  @Column({ name: 'course_title', type: 'text', default: '' })
  courseTitle!: string;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason!: string | null;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  /** When progress confirmed the enrolment; null while it is still owed. */
  @Column({ name: 'enrolled_at', type: 'timestamptz', nullable: true })
  enrolledAt!: Date | null;

  /** Paise refunded so far (partial refunds add up); the purchase is `refunded` once this reaches its amount. */
  @Column({ name: 'refunded_paise', type: 'bigint', default: 0, transformer: { to: (paise: number) => paise, from: (stored: string | null) => Number(stored ?? 0) } })
  refundedPaise!: number;

  /** When the Razorpay order stops taking payments (null: an order made before orders expired). */
  @Column({ name: 'order_expires_at', type: 'timestamptz', nullable: true })
  orderExpiresAt!: Date | null;

  /** The trace of the request that created the purchase (W3C traceparent), continued by its verification job. */
  @Column({ name: 'trace_parent', type: 'text', nullable: true })
  traceParent!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
