import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type PurchaseStatus = 'pending' | 'paid' | 'failed' | 'expired';

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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
