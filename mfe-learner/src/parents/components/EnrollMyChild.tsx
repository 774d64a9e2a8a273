import type { CourseDetail, LinkedChild } from '@academy/contracts';
import { useCurrentUser, useTranslation } from '@academy/platform';
import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { Link } from '@academy/routing';
import { useCheckout, type CheckoutPhase } from '../../checkout';
import { useParentLinks } from '../data/useParents';
import '../pages/Parents.css';

/** A signed-in parent's way to buy the course for a linked child; shared by the side card and the phone's buy bar. */
export interface EnrollMyChildState {
  /** Whether the caller is a parent (then the page offers this instead of Enroll Now). */
  isParent: boolean;
  /** Null until the parent's links are loaded. */
  children: LinkedChild[] | null;
  enrolled(childId: string): boolean;
  /** The child the next purchase is for (the chosen one, else the first not enrolled); null when none can be. */
  selected: LinkedChild | null;
  choose(childId: string): void;
  buy(): void;
  phase: CheckoutPhase;
  /** The id of the side card's Child select (the phone's bar focuses it when there is a choice to make). */
  selectId: string;
}

export function useEnrollMyChild(course: Pick<CourseDetail, '_id' | 'courseTitle'>, couponCode?: string): EnrollMyChildState {
  const { isParent } = useCurrentUser();
  const links = useParentLinks(isParent);
  const checkout = useCheckout();
  const [chosen, setChosen] = useState('');
  const selectId = useId();
  const children = links.status === 'ready' ? links.data.children : null;
  const enrolled = (childId: string) => children?.find((child) => child.id === childId)?.enrolledCourses.includes(course._id) ?? false;
  const available = (children ?? []).filter((child) => !enrolled(child.id));
  const selected = available.find((child) => child.id === chosen) ?? available[0] ?? null;
  return {
    isParent,
    children,
    enrolled,
    selected,
    choose: setChosen,
    buy: () => {
      if (selected) void checkout.start({ _id: course._id, courseTitle: course.courseTitle, couponCode }, { id: selected.id, name: selected.name });
    },
    phase: checkout.phase,
    selectId,
  };
}

/** What the button says while a checkout runs. */
const phaseLabel = (t: TFunction, phase: Exclude<CheckoutPhase, 'idle'>): string =>
  ({
    ordering: t('parents.enroll.ordering'),
    paying: t('parents.enroll.paying'),
    verifying: t('parents.enroll.verifying'),
  })[phase];

/**
 * On a course page, for parents: buy the course for a linked child (the same Razorpay checkout; the child is
 * enrolled, the parent pays). With several children a select chooses one; enrolled children are shown as such.
 */
export function EnrollMyChild({ state }: { state: EnrollMyChildState }) {
  const { t } = useTranslation('learner');
  const id = useId();
  const { children, selected, enrolled, phase } = state;
  if (!state.isParent || children === null) return null;
  if (children.length === 0) {
    return (
      <p className="parents__enroll-child">
        <Link to="/parent" className="course-side-card__enroll parents__enroll-link">
          {t('parents.enroll.linkToEnroll')}
        </Link>
      </p>
    );
  }
  const working = phase !== 'idle';
  const available = children.filter((child) => !enrolled(child.id));
  return (
    <div className="parents__enroll-child">
      {children.length > 1 && available.length > 0 && (
        <>
          <label htmlFor={state.selectId}>{t('parents.enroll.child')}</label>
          <select id={state.selectId} value={selected?.id ?? ''} onChange={(event) => state.choose(event.target.value)}>
            {children.map((child) => (
              <option key={child.id} value={child.id} disabled={enrolled(child.id)}>
                {enrolled(child.id) ? t('parents.enroll.optionEnrolled', { name: child.name }) : child.name}
              </option>
            ))}
          </select>
        </>
      )}
      {children.filter((child) => enrolled(child.id)).map((child) => (
        <p key={child.id}>{t('parents.enroll.alreadyEnrolled', { name: child.name })}</p>
      ))}
      {selected && (
        <button
          type="button"
          className="course-side-card__enroll parents__enroll-child-button"
          disabled={working}
          aria-busy={working}
          aria-describedby={`${id}-for`}
          onClick={state.buy}
        >
          {working ? phaseLabel(t, phase as Exclude<CheckoutPhase, 'idle'>) : t('parents.enroll.button')}
        </button>
      )}
      {selected && <p id={`${id}-for`}>{t('parents.enroll.forChild', { name: selected.name })}</p>}
    </div>
  );
}

/** The phone buy bar's action for a parent: buys for the one child there is, or takes the parent to the Child select. */
export function EnrollMyChildBarButton({ state, className }: { state: EnrollMyChildState; className: string }) {
  const { t } = useTranslation('learner');
  const { children, selected, phase } = state;
  if (children === null) return null;
  if (children.length === 0) {
    return (
      <Link to="/parent" className={className}>
        {t('parents.enroll.linkChild')}
      </Link>
    );
  }
  const working = phase !== 'idle';
  if (!selected) {
    return (
      <button type="button" className={className} disabled>
        {children.length === 1 ? t('parents.enroll.isEnrolled', { name: children[0]!.name }) : t('parents.enroll.allEnrolled')}
      </button>
    );
  }
  const available = children.filter((child) => !state.enrolled(child.id));
  const choice = available.length > 1;
  return (
    <button
      type="button"
      className={className}
      disabled={working}
      aria-busy={working}
      onClick={() => {
        if (!choice) return state.buy();
        // Several children could be enrolled: the side card's select says which.
        const select = document.getElementById(state.selectId);
        select?.focus({ preventScroll: true });
        // Centred, so the fixed bar does not cover it (older engines lack the options: focus alone then scrolls).
        if (typeof select?.scrollIntoView === 'function') select.scrollIntoView({ block: 'center' });
      }}
    >
      {working ? phaseLabel(t, phase as Exclude<CheckoutPhase, 'idle'>) : t('parents.enroll.button')}
      {!working && !choice && <span className="visually-hidden"> ({selected.name})</span>}
    </button>
  );
}
