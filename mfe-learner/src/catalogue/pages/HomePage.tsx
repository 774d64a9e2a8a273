import { Link } from '@academy/routing';
import { type RemoteFallbackProps, RemoteSection, Trans, useCurrentUser, useTranslation } from '@academy/platform';
import { lazy, Suspense } from 'react';
import { CourseGrid, CourseGridSkeleton } from '@academy/ui';
import { CourseSearchForm } from '../components/CourseSearchForm';
import { COURSE_LIST_PATH } from '../data/catalogueRoutes';
import { HOME_COURSE_COUNT, useHomeCourses } from '../data/useHomeCourses';
import './HomePage.css';

// A signed-in student's home and the class question load only for them: a visitor's first page stays as light.
const LearnerHome = lazy(() => import('./LearnerHome').then((m) => ({ default: m.LearnerHome })));
const ClassForm = lazy(() => import('../../profile').then((m) => ({ default: m.ClassForm })));

interface HomePageProps {
  /** Pre-fills the hero's search box. */
  initialSearch?: string;
}

export function HomePage({ initialSearch = '' }: HomePageProps) {
  const { isAuthenticated, isEducator, isParent, user } = useCurrentUser();
  // A signed-in student starts where they left off; visitors, educators and parents keep the home page docs/product.md describes.
  if (isAuthenticated && user && !isEducator && !isParent) {
    // Asked once, after the first sign-in: the class and board (skippable); then the learner's home.
    return (
      <Suspense fallback={null}>
        {user.classAsked === false ? <ClassForm firstTime /> : <LearnerHome schoolClass={user.schoolClass ?? null} initialSearch={initialSearch} />}
      </Suspense>
    );
  }
  return (
    <div className="home-page">
      <HomeHero initialSearch={initialSearch} />
      <ForParents />
      <FeaturedCourses />
      {/* Loaded at run time from the info remote, with its own boundary: the home page works when info is down.
          Below the fold on every screen, so it loads as the learner scrolls towards it (first render stays light). */}
      <RemoteSection
        remote="info"
        module="TestimonialsSection"
        deferUntilNearViewport
        loading={<TestimonialsLoading />}
        renderError={(props) => <TestimonialsUnavailable {...props} />}
      />
      <CallToAction />
    </div>
  );
}

function HomeHero({ initialSearch }: { initialSearch: string }) {
  const { t } = useTranslation('learner');
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <h1 id="home-hero-title" className="home-hero__title">
        {t('catalogue.home.heroTitle')}
      </h1>
      <p className="home-hero__tagline home-hero__tagline--wide">{t('catalogue.home.heroTagline')}</p>
      <p className="home-hero__tagline home-hero__tagline--narrow">{t('catalogue.home.heroTaglineShort')}</p>
      <div className="home-hero__actions">
        <Link className="button" to={COURSE_LIST_PATH}>
          {t('catalogue.home.getStarted')}
        </Link>
        <Link className="button button--secondary" to="/about">
          {t('catalogue.home.learnMore')}
        </Link>
      </div>
      <CourseSearchForm initialText={initialSearch} />
    </section>
  );
}

/** A short invitation to parents: their own account, a child's progress and payments, and how to start. */
function ForParents() {
  const { t } = useTranslation('learner');
  const { isAuthenticated, isParent, login } = useCurrentUser();
  return (
    <section className="home-section home-parents" aria-labelledby="home-parents-title">
      <h2 id="home-parents-title">{t('catalogue.home.parentsTitle')}</h2>
      <p>{t('catalogue.home.parentsText')}</p>
      <div className="home-parents__actions">
        {isParent ? (
          <Link className="button" to="/parent">
            {t('catalogue.home.goToMyChildren')}
          </Link>
        ) : isAuthenticated ? (
          <p className="home-parents__note">
            <Trans t={t} i18nKey="catalogue.home.parentNeedsOwnAccount" components={{ pageLink: <Link to="/parent-access" /> }} />
          </p>
        ) : (
          <>
            <button type="button" className="button" onClick={() => void login('/parent', { signUpAs: 'parent' })}>
              {t('catalogue.home.parentSignUp')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => void login('/parent')}>
              {t('catalogue.home.parentSignIn')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}

function FeaturedCourses() {
  const { t } = useTranslation('learner');
  const courses = useHomeCourses();
  return (
    <section className="home-section home-featured" aria-labelledby="home-featured-title">
      <h2 id="home-featured-title">{t('catalogue.home.featuredTitle')}</h2>
      <p className="home-section__intro">{t('catalogue.home.featuredIntro')}</p>
      {courses.status === 'loading' && <CourseGridSkeleton count={HOME_COURSE_COUNT} />}
      {courses.status === 'error' && <p role="alert">{t('catalogue.coursesNotLoaded')}</p>}
      {courses.status === 'ready' && <CourseGrid courses={courses.data} label={t('catalogue.home.featuredLabel')} />}
      <Link className="button button--secondary" to={COURSE_LIST_PATH}>
        {t('catalogue.showAllCourses')}
      </Link>
    </section>
  );
}

function TestimonialsLoading() {
  const { t } = useTranslation('learner');
  return (
    <p className="home-section home-testimonials-placeholder" role="status">
      {t('catalogue.home.testimonialsLoading')}
    </p>
  );
}

/** Shown instead of the testimonials when the info remote cannot be loaded: a link still leads to them. */
function TestimonialsUnavailable({ retry }: RemoteFallbackProps) {
  const { t } = useTranslation('learner');
  return (
    <section className="home-section home-testimonials-placeholder" aria-labelledby="home-testimonials-title">
      <h2 id="home-testimonials-title">{t('catalogue.home.testimonialsTitle')}</h2>
      <p>{t('catalogue.home.testimonialsUnavailable')}</p>
      <div className="home-testimonials-placeholder__actions">
        <button type="button" className="button button--secondary" onClick={retry}>
          {t('catalogue.home.retry')}
        </button>
        <Link to="/testimonials">{t('catalogue.home.seeAll')}</Link>
      </div>
    </section>
  );
}

function CallToAction() {
  const { t } = useTranslation('learner');
  return (
    <section className="home-section home-cta" aria-labelledby="home-cta-title">
      <h2 id="home-cta-title">{t('catalogue.home.ctaTitle')}</h2>
      <p>{t('catalogue.home.ctaText')}</p>
      <div className="home-cta__actions">
        <Link className="button" to={COURSE_LIST_PATH}>
          {t('catalogue.home.getStarted')}
        </Link>
        <Link className="home-cta__more" to="/about">
          {t('catalogue.home.learnMore')} <span aria-hidden="true">→</span>
        </Link>
      </div>
    </section>
  );
}
