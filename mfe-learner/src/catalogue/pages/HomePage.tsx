import { Link } from '@academy/routing';
import { RemoteSection, useCurrentUser, type RemoteFallbackProps } from '@academy/platform';
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
  // A signed-in student starts where they left off; visitors, educators and parents keep the spec's home.
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
        renderError={TestimonialsUnavailable}
      />
      <CallToAction />
    </div>
  );
}

function HomeHero({ initialSearch }: { initialSearch: string }) {
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <h1 id="home-hero-title" className="home-hero__title">
        Gain knowledge anytime, from anywhere.
      </h1>
      <p className="home-hero__tagline home-hero__tagline--wide">
        We bring together expert instructors, engaging content and a supportive community, so every learner can
        grow at their own pace.
      </p>
      <p className="home-hero__tagline home-hero__tagline--narrow">
        Join top instructors dedicated to guiding you toward your career success.
      </p>
      <div className="home-hero__actions">
        <Link className="button" to={COURSE_LIST_PATH}>
          Get started
        </Link>
        <Link className="button button--secondary" to="/about">
          Learn more
        </Link>
      </div>
      <CourseSearchForm initialText={initialSearch} />
    </section>
  );
}

/** A short invitation to parents: their own account, a child's progress and payments, and how to start. */
function ForParents() {
  const { isAuthenticated, isParent, login } = useCurrentUser();
  return (
    <section className="home-section home-parents" aria-labelledby="home-parents-title">
      <h2 id="home-parents-title">For parents</h2>
      <p>
        Follow your child&apos;s courses, quiz results and certificates, get an alert when they stop studying, buy courses for them and ask
        their teachers. Your child links you with a one-time code, so nothing is shared without their consent.
      </p>
      <div className="home-parents__actions">
        {isParent ? (
          <Link className="button" to="/parent">
            Go to My Children
          </Link>
        ) : isAuthenticated ? (
          <p className="home-parents__note">
            A parent needs their own account: sign out, then choose &quot;I&apos;m a parent&quot;. To let a parent follow you, open{' '}
            <Link to="/parent-access">Parent access</Link>.
          </p>
        ) : (
          <>
            <button type="button" className="button" onClick={() => void login('/parent', { signUpAs: 'parent' })}>
              I&apos;m a parent: create my account
            </button>
            <button type="button" className="button button--secondary" onClick={() => void login('/parent')}>
              Parent sign in
            </button>
          </>
        )}
      </div>
    </section>
  );
}

function FeaturedCourses() {
  const { status, courses } = useHomeCourses();
  return (
    <section className="home-section home-featured" aria-labelledby="home-featured-title">
      <h2 id="home-featured-title">Study with the finest</h2>
      <p className="home-section__intro">
        Learn from experienced teachers across subjects, from class 7 science to class 11 mathematics.
      </p>
      {status === 'loading' && <CourseGridSkeleton count={HOME_COURSE_COUNT} />}
      {status === 'error' && <p role="alert">Courses could not be loaded just now.</p>}
      {status === 'ready' && <CourseGrid courses={courses} label="Featured courses" />}
      <Link className="button button--secondary" to={COURSE_LIST_PATH}>
        Show all courses
      </Link>
    </section>
  );
}

function TestimonialsLoading() {
  return (
    <p className="home-section home-testimonials-placeholder" role="status">
      Loading testimonials…
    </p>
  );
}

/** Shown instead of the testimonials when the info remote cannot be loaded: a link still leads to them. */
function TestimonialsUnavailable({ retry }: RemoteFallbackProps) {
  return (
    <section className="home-section home-testimonials-placeholder" aria-labelledby="home-testimonials-title">
      <h2 id="home-testimonials-title">Testimonials</h2>
      <p>Our students&apos; stories could not be loaded right now.</p>
      <div className="home-testimonials-placeholder__actions">
        <button type="button" className="button button--secondary" onClick={retry}>
          Retry
        </button>
        <Link to="/testimonials">See All</Link>
      </div>
    </section>
  );
}

function CallToAction() {
  return (
    <section className="home-section home-cta" aria-labelledby="home-cta-title">
      <h2 id="home-cta-title">Learn anything, anytime, anywhere</h2>
      <p>Start with a free course today and learn at your own pace, wherever you are.</p>
      <div className="home-cta__actions">
        <Link className="button" to={COURSE_LIST_PATH}>
          Get started
        </Link>
        <Link className="home-cta__more" to="/about">
          Learn more <span aria-hidden="true">→</span>
        </Link>
      </div>
    </section>
  );
}
