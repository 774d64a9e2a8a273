import { useTranslation } from '@academy/platform';
import type { CheckoutPhase } from '../../checkout';

interface EnrollButtonProps {
  className: string;
  isEnrolled: boolean;
  onEnroll(): void;
  /** A purchase under way (see useCheckout): the button says so and cannot start another. */
  phase: CheckoutPhase;
}

/** Enroll Now, in the side card and in the phone's buy bar: Already Enrolled once enrolled, the purchase's step while one runs. */
export function EnrollButton({ className, isEnrolled, onEnroll, phase }: EnrollButtonProps) {
  const { t } = useTranslation('learner');
  const working = phase !== 'idle';
  const phaseLabels: Record<Exclude<CheckoutPhase, 'idle'>, string> = {
    ordering: t('catalogue.enroll.ordering'),
    paying: t('catalogue.enroll.paying'),
    verifying: t('catalogue.enroll.verifying'),
  };
  return (
    <button type="button" className={className} disabled={isEnrolled || working} aria-busy={working} onClick={onEnroll}>
      {isEnrolled ? t('catalogue.enroll.alreadyEnrolled') : working ? phaseLabels[phase] : t('catalogue.enroll.enrollNow')}
    </button>
  );
}
