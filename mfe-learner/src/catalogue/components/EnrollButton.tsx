import type { CheckoutPhase } from '../../checkout';

const PHASE_LABELS: Record<Exclude<CheckoutPhase, 'idle'>, string> = {
  ordering: 'Processing…',
  paying: 'Complete the payment…',
  verifying: 'Confirming payment…',
};

interface EnrollButtonProps {
  className: string;
  isEnrolled: boolean;
  onEnroll(): void;
  /** A purchase under way (see useCheckout): the button says so and cannot start another. */
  phase: CheckoutPhase;
}

/** Enroll Now, in the side card and in the phone's buy bar: Already Enrolled once enrolled, the purchase's step while one runs. */
export function EnrollButton({ className, isEnrolled, onEnroll, phase }: EnrollButtonProps) {
  const working = phase !== 'idle';
  return (
    <button type="button" className={className} disabled={isEnrolled || working} aria-busy={working} onClick={onEnroll}>
      {isEnrolled ? 'Already Enrolled' : working ? PHASE_LABELS[phase] : 'Enroll Now'}
    </button>
  );
}
