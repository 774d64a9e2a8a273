import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type PurchaseStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'refunded';

/** One attempt by a learner to buy one course; the amount is computed on the server. */
@Entity({ name: 'purchases' })
export class Purchase {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'text' })
  userId!: string;

  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @Column({ name: 'educator_id', type: 'text' })
  educatorId!: string;

  @Column({ name: 'amount_paise', type: 'integer' })
  amountPaise!: number;

  @Column({ type: 'text', default: 'INR' })
  currency!: string;

  @Column({ type: 'text', default: 'pending' })
  status!: PurchaseStatus;

  @Column({ name: 'razorpay_order_id', type: 'text', nullable: true, unique: true })
  razorpayOrderId!: string | null;

  @Column({ name: 'razorpay_payment_id', type: 'text', nullable: true })
  razorpayPaymentId!: string | null;

  /** The buyer's profile from the token, kept for the educator's lists. */
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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
