import {
  boardLabel,
  countLectures,
  descriptionExcerpt,
  formatClassRange,
  formatDuration,
  formatPrice,
  parseVideoLink,
  pluralize,
  priceAfterDiscount,
  subjectLabel,
  totalLectureMinutes,
  type AuthoredChapterDto,
} from '@academy/contracts';
import { queryKeys } from '@academy/platform';
import { Link, useParams } from '@academy/routing';
import { attachHls, ErrorPanel, LoadingView } from '@academy/ui';
import { useEffect, useRef, useState } from 'react';
import { educatorPaths } from '../common/educatorPaths';
import { useRemoteData } from '../common/useRemoteData';
import { fetchCourseForEditing } from './data/authoringApi';
import './add-course.css';

type PreviewLecture = AuthoredChapterDto['chapterContent'][number];

/** The lecture's picture as the player shows it: YouTube embedded, an uploaded video streamed, a site mp4 played. */
function LecturePicture({ lecture }: { lecture: PreviewLecture }) {
  const source = parseVideoLink(lecture.lectureUrl);
  if (!source) return <p className="course-preview__no-video">This lecture has no video yet.</p>;
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

  if (state.status === 'loading') return <LoadingView label="Loading the preview" />;
  if (state.status === 'error') {
    return (
      <div className="course-preview">
        <h1 className="page-title">Preview</h1>
        <ErrorPanel title="The course could not be loaded" message={state.message} onRetry={reload} />
        <Link to={educatorPaths.myCourses}>Back to My Courses</Link>
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
        Preview: this is what an enrolled learner sees. Nobody is enrolled and nothing is published by opening it.{' '}
        <Link to={course.isPublished ? educatorPaths.editCourse(course._id) : educatorPaths.continueDraft(course._id)}>Back to editing</Link>
      </p>
      <section className="course-preview__page" aria-labelledby="preview-title">
        <p className="course-preview__tags">
          <span>{formatClassRange(course.classFrom, course.classTo)}</span> <span>{subjectLabel(course.subject)}</span>{' '}
          <span>{boardLabel(course.board)}</span>
        </p>
        <h1 id="preview-title" className="page-title">
          {course.courseTitle || 'Untitled course'}
        </h1>
        <p>{descriptionExcerpt(course.courseDescription)}</p>
        {course.courseThumbnail && <img className="course-preview__thumbnail" src={course.courseThumbnail} alt="" />}
        <p className="course-preview__price">
          <strong>{formatPrice(finalPrice)}</strong>
          {course.discount > 0 && (
            <>
              {' '}
              <s>{formatPrice(course.coursePrice)}</s> {course.discount}% off
            </>
          )}
        </p>
        <h2>Course Structure</h2>
        <p>
          {pluralize(course.courseContent.length, 'chapter')} - {pluralize(countLectures(course.courseContent), 'lecture')} -{' '}
          {formatDuration(totalLectureMinutes(course.courseContent))} total duration
        </p>
        <h2>Course Description</h2>
        {/* Sanitised by the server before it is stored or answered, as on the course page. */}
        <div className="course-preview__description" dangerouslySetInnerHTML={{ __html: course.courseDescription }} />
      </section>

      <section className="course-preview__player" aria-labelledby="preview-player-title">
        <h2 id="preview-player-title">Player</h2>
        {current ? (
          <div className="course-preview__player-body">
            <div className="course-preview__stage">
              <LecturePicture key={current.lectureId} lecture={current} />
              <h3>{current.lectureTitle}</h3>
              <ul className="course-preview__resources">
                {current.notesUrl && (
                  <li>
                    <a href={current.notesUrl} target="_blank" rel="noopener noreferrer">
                      Download notes<span className="visually-hidden"> of {current.lectureTitle} (opens in a new tab)</span>
                    </a>
                  </li>
                )}
                {current.testUrl && (
                  <li>
                    <a href={current.testUrl} target="_blank" rel="noopener noreferrer">
                      Download test<span className="visually-hidden"> of {current.lectureTitle} (opens in a new tab)</span>
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
                          {lecture.lectureTitle} - {formatDuration(lecture.lectureDuration)}
                          {lecture.isPreviewFree ? ' - Free Preview' : ''}
                        </button>
                      </li>
                    ))}
                  </ol>
                </li>
              ))}
            </ol>
          </div>
        ) : (
          <p>No lectures yet: add a chapter and a lecture to see them here.</p>
        )}
      </section>
    </div>
  );
}
