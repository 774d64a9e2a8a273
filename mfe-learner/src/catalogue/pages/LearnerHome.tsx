import { useTranslation } from '@academy/platform';
import { ContinueLearning } from '../../enrollments';
import { HomeLiveClasses } from '../../live/HomeLiveClasses';
import { CoursesForClass } from '../components/CoursesForClass';
import { CourseSearchForm } from '../components/CourseSearchForm';
import './HomePage.css';

/** The signed-in student's home: live and upcoming classes of their courses, "Continue learning", then courses for their class, then the search. */
export function LearnerHome({ schoolClass, initialSearch }: { schoolClass: number | null; initialSearch: string }) {
  const { t } = useTranslation('learner');
  return (
    <div className="home-page home-page--learner">
      <h1 className="visually-hidden">{t('catalogue.learnerHome.title')}</h1>
      <HomeLiveClasses />
      <ContinueLearning />
      <CoursesForClass schoolClass={schoolClass} />
      <section className="home-section" aria-labelledby="home-find-title">
        <h2 id="home-find-title">{t('catalogue.learnerHome.findCourse')}</h2>
        <CourseSearchForm initialText={initialSearch} />
      </section>
    </div>
  );
}

