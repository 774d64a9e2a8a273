import { countLectures, descriptionExcerpt, parseVideoLink, priceAfterDiscount, totalLectureMinutes, type AuthoredChapterDto } from '@academy/contracts';
import { queryKeys, Trans, useFormat, useTranslation } from '@academy/platform';
import { Link, useParams } from '@academy/routing';
import { attachHls, ErrorPanel, LoadingView } from '@academy/ui';
import { useEffect, useRef, useState } from 'react';
import { educatorPaths } from '../common/educatorPaths';
import { useRemoteData } from '../common/useRemoteData';
import { fetchCourseForEditing } from './data/authoringApi';
import { useCourseText } from './useCourseText';
import './add-course.css';

type PreviewLecture = AuthoredChapterDto['chapterContent'][number];

/** The lecture's picture as the player shows it: YouTube embedded, an uploaded video streamed, a site mp4 played. */
function LecturePicture({ lecture }: { lecture: PreviewLecture }) {
  const { t } = useTranslation('educator');
  const source = parseVideoLink(lecture.lectureUrl);
  if (!source) return <p className="course-preview__no-video">{t('addCourse.preview.noVideo')}</p>;
  if (source.kind === 'youtube') {
    return (
      <iframe
        className="course-preview__video"
        src={source.embedUrl}
        title={lecture.lectureTitle}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
      />
    );
  }
  return <PreviewVideo url={lecture.lectureUrl ?? ''} title={lecture.lectureTitle} stream={source.kind === 'hls'} />;
}

/** A site mp4, or an uploaded video streamed as the learner's player streams it (hls.js, or the browser's own HLS). */
function PreviewVideo({ url, title, stream }: { url: string; title: string; stream: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (!stream || !video.current) return undefined;
    const attachment = attachHls(video.current, url);
    return () => attachment.detach();
  }, [stream, url]);
  return <video ref={video} className="course-preview__video" src={stream ? undefined : url} controls preload="metadata" aria-label={title} />;
}

/**
 * /educator/preview/:courseId: the course page and the player as an enrolled learner would see them, for the
 * course's educator (a draft included), without enrolling anyone. Notes and tests come as links signed for the educator.
 */
export function PreviewCoursePage() {
  const { courseId = '' } = useParams();
  const { state, reload } = useRemoteData(queryKeys.educator.courseForEditing(courseId), (api) => fetchCourseForEditing(api, courseId));
  const [playing, setPlaying] = useState<PreviewLecture | null>(null);
  const { t } = useTranslation('educator');
  const format = useFormat();
  const text = useCourseText();

  if (state.status === 'loading') return <LoadingView label={t('addCourse.preview.loading')} />;
  if (state.status === 'error') {
    return (
      <div className="course-preview">
        <h1 className="page-title">{t('addCourse.preview.title')}</h1>
        <ErrorPanel title={t('addCourse.edit.loadFailed')} message={state.message} onRetry={reload} />
        <Link to={educatorPaths.myCourses}>{t('addCourse.page.backToMyCourses')}</Link>
      </div>
    );
  }
  const course = state.data;
  const lectures = course.courseContent.flatMap((chapter) => chapter.chapterContent);
  const current = playing ?? lectures[0] ?? null;
  const finalPrice = priceAfterDiscount(course.coursePrice, course.discount);

  return (
    <div className="course-preview">
      <p className="course-preview__banner" role="note">
        <Trans
          t={t}
          i18nKey="addCourse.preview.banner"
          components={{ back: <Link to={course.isPublished ? educatorPaths.editCourse(course._id) : educatorPaths.continueDraft(course._id)} /> }}
        />
      </p>
      <section className="course-preview__page" aria-labelledby="preview-title">
        <p className="course-preview__tags">
          <span>{text.classRange(course.classFrom, course.classTo)}</span> <span>{text.subject(course.subject)}</span>{' '}
          <span>{text.board(course.board)}</span>
        </p>
        <h1 id="preview-title" className="page-title">
          {course.courseTitle || t('addCourse.preview.untitled')}
        </h1>
        <p>{descriptionExcerpt(course.courseDescription)}</p>
        {course.courseThumbnail && <img className="course-preview__thumbnail" src={course.courseThumbnail} alt="" />}
        <p className="course-preview__price">
          <strong>{format.price(finalPrice)}</strong>
          {course.discount > 0 && (
            <>
              {' '}
              <s>{format.price(course.coursePrice)}</s> {t('addCourse.preview.percentOff', { discount: format.count(course.discount) })}
            </>
          )}
        </p>
        <h2>{t('addCourse.preview.structure')}</h2>
        <p>
          {t('addCourse.preview.summary', {
            chapters: text.chapters(course.courseContent.length),
            lectures: text.lectures(countLectures(course.courseContent)),
            duration: text.duration(totalLectureMinutes(course.courseContent)),
          })}
        </p>
        <h2>{t('addCourse.form.courseDescription')}</h2>
        {/* Sanitised by the server before it is stored or answered, as on the course page. */}
        <div className="course-preview__description" dangerouslySetInnerHTML={{ __html: course.courseDescription }} />
      </section>

      <section className="course-preview__player" aria-labelledby="preview-player-title">
        <h2 id="preview-player-title">{t('addCourse.preview.player')}</h2>
        {current ? (
          <div className="course-preview__player-body">
            <div className="course-preview__stage">
              <LecturePicture key={current.lectureId} lecture={current} />
              <h3>{current.lectureTitle}</h3>
              <ul className="course-preview__resources">
                {current.notesUrl && (
                  <li>
                    <a href={current.notesUrl} target="_blank" rel="noopener noreferrer">
                      {t('addCourse.preview.downloadNotes')}
                      <span className="visually-hidden">{t('addCourse.preview.downloadNotesHidden', { title: current.lectureTitle })}</span>
                    </a>
                  </li>
                )}
                {current.testUrl && (
                  <li>
                    <a href={current.testUrl} target="_blank" rel="noopener noreferrer">
                      {t('addCourse.preview.downloadTest')}
                      <span className="visually-hidden">{t('addCourse.preview.downloadTestHidden', { title: current.lectureTitle })}</span>
                    </a>
                  </li>
                )}
              </ul>
            </div>
            <ol className="course-preview__chapters">
              {course.courseContent.map((chapter) => (
                <li key={chapter.chapterId}>
                  <h3>{chapter.chapterTitle}</h3>
                  <ol>
                    {chapter.chapterContent.map((lecture) => (
                      <li key={lecture.lectureId}>
                        <button
                          type="button"
                          className="link-button"
                          aria-current={lecture.lectureId === current.lectureId ? 'true' : undefined}
                          onClick={() => setPlaying(lecture)}
                        >
                          {lecture.lectureTitle} - {text.duration(lecture.lectureDuration)}
                          {lecture.isPreviewFree ? ` - ${t('addCourse.chapters.freePreview')}` : ''}
                        </button>
                      </li>
                    ))}
                  </ol>
                </li>
              ))}
            </ol>
          </div>
        ) : (
          <p>{t('addCourse.preview.noLectures')}</p>
        )}
      </section>
    </div>
  );
}
