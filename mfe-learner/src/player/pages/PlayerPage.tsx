import { isCourseComplete, lecturesInOrder, quizzesOf, type AssignmentStanding, type LectureDto, type QuizOverview } from '@academy/contracts';
import { LiveClassesPanel } from '../../live/LiveClassesPanel';
import {
  errorMessage,
  queryKeys,
  sendOrQueue,
  Trans,
  useApi,
  useCurrentUser,
  useOnline,
  usePortalAuth,
  useQueryClient,
  useRuntimeConfig,
  useToast,
  useTranslation,
} from '@academy/platform';
import { ErrorPanel, LoadingView, Stars } from '@academy/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from '@academy/routing';
import {
  COMPLETE_LECTURE_PATH,
  downloadCertificate,
  LoginRequired,
  rateCourse,
  savePlayback,
  savePlaybackOnExit,
} from '../../enrollments';
import { ChapterList } from '../components/ChapterList';
import { LectureResources } from '../components/LectureResources';
import { LectureVideo, type LectureVideoHandle } from '../components/LectureVideo';
import { QuizPanel } from '../components/QuizPanel';
import { UpNext } from '../components/UpNext';
import { ReviewDialog } from '../../reviews/ReviewDialog';
import { usePlayerCourse, type PlayerData } from '../data/usePlayerCourse';
import { DoubtsPanel } from '../../doubts';
import { AssignmentPanel } from '../../assignments';
import type { TFunction } from 'i18next';
import './PlayerPage.css';

/** /player/:courseId: chapters, the lecture player, resources, rating and the certificate. */
export function PlayerPage() {
  const { t } = useTranslation('learner-study');
  const { courseId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const { isLoading, isAuthenticated, login, reload: reloadUser } = useCurrentUser();
  const { getAccessTokenSilently, user: signedIn } = usePortalAuth();
  const online = useOnline();
  const { apiBaseUrl } = useRuntimeConfig();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const player = usePlayerCourse(courseId, isAuthenticated);
  const [playingId, setPlayingId] = useState<string | null>(searchParams.get('lecture'));
  const [quizId, setQuizId] = useState<string | null>(null);
  const [assignmentId, setAssignmentId] = useState<string | null>(null);
  const [pickedRating, setRating] = useState<number | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The lecture that just ended, while "Up next" counts down to the one after it. */
  const [endedId, setEndedId] = useState<string | null>(null);
  const token = useRef<string | null>(null);
  const videoHandle = useRef<LectureVideoHandle>(null);
  /** The video or quiz; on a phone it is brought to the top of the screen when the learner picks one. */
  const screenRef = useRef<HTMLDivElement>(null);
  const [revealRequest, setRevealRequest] = useState(0);
  useEffect(() => {
    if (revealRequest === 0) return;
    const element = screenRef.current;
    // Only where the curriculum is above or beside it out of view (phones and tablets): a wide screen shows both.
    if (!element || typeof window.matchMedia !== 'function' || !window.matchMedia(SINGLE_COLUMN_QUERY).matches) return;
    element.scrollIntoView?.({ block: 'start' });
  }, [revealRequest]);

  const course = player.status === 'ready' ? (player.data?.course ?? null) : null;
  const progress = player.status === 'ready' ? (player.data?.progress ?? null) : null;

  const rating = pickedRating ?? course?.myRating ?? 0;

  // A token fetched ahead of time, for the keepalive save when the page goes away (no awaiting then).
  useEffect(() => {
    if (!isAuthenticated) return;
    getAccessTokenSilently().then((value) => (token.current = value ?? null), () => undefined);
  }, [isAuthenticated, getAccessTokenSilently]);

  const lectures = useMemo(() => (course ? lecturesInOrder(course.courseContent) : []), [course]);
  const playing = lectures.find((entry) => entry.lecture.lectureId === playingId && entry.lecture.lectureUrl);
  const completed = useMemo(() => new Set(progress?.lectureCompleted ?? []), [progress]);
  const courseComplete = course && progress ? isCourseComplete(course.courseContent, progress.lectureCompleted, progress.quizzes, progress.assignments) : false;
  const openQuiz: QuizOverview | undefined = course ? quizzesOf(course.courseContent).find((quiz) => quiz.quizId === quizId) : undefined;
  const openAssignment: AssignmentStanding | undefined = openQuiz ? undefined : progress?.assignments.find((entry) => entry.assignmentId === assignmentId);
  /** A quiz or an assignment takes the video's place. */
  const openStep = openQuiz ?? openAssignment;

  const save = useCallback(
    (lectureId: string, positionSeconds: number) => {
      savePlayback(api, { courseId, lectureId, positionSeconds }).catch(() => undefined); // best effort
    },
    [api, courseId],
  );
  const saveOnExit = useCallback(
    (lectureId: string, positionSeconds: number) => savePlaybackOnExit(apiBaseUrl, token.current, { courseId, lectureId, positionSeconds }),
    [apiBaseUrl, courseId],
  );

  if (isLoading) return <LoadingView label={t('player.loadingCourse')} />;
  if (!isAuthenticated) return <LoginRequired text={t('player.loginToWatch')} onLogin={() => void login()} />;
  if (player.status === 'loading') return <LoadingView label={t('player.loadingCourse')} />;
  if (player.status === 'error') return <ErrorPanel message={player.message} onRetry={player.reload} />;
  // Ready with no course: the learner is not enrolled in it.
  if (player.data === null) {
    return (
      <section className="player__not-enrolled" role="status">
        <h1>{t('player.notEnrolled.title')}</h1>
        <p>
          <Trans t={t} i18nKey="player.notEnrolled.text" components={{ pageLink: <Link to={`/course/${courseId}`} /> }} />
        </p>
      </section>
    );
  }
  const { course: current, progress: currentProgress, offline } = player.data;

  const watch = (lecture: LectureDto) => {
    setQuizId(null);
    setAssignmentId(null);
    setEndedId(null);
    setPlayingId(lecture.lectureId);
    setRevealRequest((count) => count + 1);
    // Remember it as the last lecture watched; an mp4 keeps its saved position.
    save(lecture.lectureId, currentProgress.positions[lecture.lectureId] ?? 0);
  };

  const nextAfter = (lectureId: string) => nextPlayableLecture(lectures, lectureId);

  const markComplete = async (lectureId: string) => {
    setBusy(true);
    try {
      const label = lectures.find((entry) => entry.lecture.lectureId === lectureId);
      const sent = await sendOrQueue<{ message: string }>(api, signedIn?.sub ?? '', {
        path: COMPLETE_LECTURE_PATH,
        body: { courseId, lectureId },
        label: t('player.lectureMarkedComplete', { label: label?.label ?? '', title: label?.lecture.lectureTitle ?? '' }).replace(/\s+/g, ' '),
      });
      if (sent.queued) {
        // Shown as completed at once; the server counts it when the network returns (once, however often it is sent).
        toast.info(t('player.markedCompleteOffline'));
        queryClient.setQueryData(queryKeys.learner.playerCourse(courseId), (data: PlayerData | undefined) =>
          data && !data.progress.lectureCompleted.includes(lectureId)
            ? { ...data, progress: { ...data.progress, lectureCompleted: [...data.progress.lectureCompleted, lectureId] } }
            : data,
        );
        void queryClient.invalidateQueries({ queryKey: queryKeys.learner.enrolledRows() });
        return;
      }
      toast.success(sent.answer.message);
      // Done with this one: move on to the next lecture, as a learner working through the course expects.
      const next = nextAfter(lectureId);
      if (next && playingId === lectureId) watch(next.lecture);
      // The player, My Enrollments' progress and the user's data all changed.
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.learner.all }), reloadUser()]);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const rate = async (value: number) => {
    const earlier = rating;
    setRating(value);
    try {
      toast.success(await rateCourse(api, courseId, value));
      // The course page shows the average rating; the enrolled courses carry the learner's own.
      void queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.detail(courseId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.learner.enrolledCourses() });
    } catch (error) {
      setRating(earlier);
      toast.error(errorMessage(error));
    }
  };

  const certificate = async () => {
    try {
      await downloadCertificate(apiBaseUrl, (await getAccessTokenSilently()) ?? "", courseId);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const upNext = playing && endedId === playing.lecture.lectureId ? nextAfter(playing.lecture.lectureId) : undefined;

  return (
    <div className="player">
      <h1 className="player__course-title">{current.courseTitle}</h1>
      <LiveClassesPanel courseId={current._id} />
      <div
        ref={screenRef}
        className={`player__screen${playing && !openStep ? ' player__screen--video' : ''}`}
        aria-label={openQuiz ? t('player.region.quiz') : openAssignment ? t('player.region.assignment') : playing ? t('player.region.nowPlaying') : undefined}
        role={openStep || playing ? 'region' : undefined}
      >
        {openQuiz ? (
          <QuizPanel key={openQuiz.quizId} courseId={courseId} overview={openQuiz} />
        ) : openAssignment ? (
          <AssignmentPanel key={openAssignment.assignmentId} courseId={courseId} assignmentId={openAssignment.assignmentId} />
        ) : playing ? (
          <>
            {!online || offline ? (
              <p className="player__offline-video" role="status">
                {t('player.offlineVideo')}
              </p>
            ) : (
            <LectureVideo
              key={playing.lecture.lectureId}
              url={playing.lecture.lectureUrl!}
              title={playing.lecture.lectureTitle}
              startAt={currentProgress.positions[playing.lecture.lectureId] ?? 0}
              onSave={(seconds) => save(playing.lecture.lectureId, seconds)}
              onExit={(seconds) => saveOnExit(playing.lecture.lectureId, seconds)}
              onLinkFailed={() => void player.refresh().catch(() => undefined)}
              onEnded={() => setEndedId(playing.lecture.lectureId)}
              handle={videoHandle}
            />
            )}
            {upNext && (
              <UpNext
                key={upNext.lecture.lectureId}
                title={`${upNext.label} ${upNext.lecture.lectureTitle}`}
                onPlay={() => watch(upNext.lecture)}
                onCancel={() => setEndedId(null)}
              />
            )}
            <div className="player__now">
              <p className="player__label">
                {playing.label} {playing.lecture.lectureTitle}
              </p>
              <button
                type="button"
                className="button player__complete"
                disabled={busy}
                onClick={() => void markComplete(playing.lecture.lectureId)}
              >
                {completed.has(playing.lecture.lectureId) ? t('player.completed') : t('player.markComplete')}
              </button>
            </div>
          </>
        ) : (
          <img className="player__placeholder" src={current.courseThumbnail} alt={t('player.thumbnailAlt', { title: current.courseTitle })} />
        )}
      </div>

      <div className="player__structure">
        <h2 className="player__section-title">{t('player.courseStructure')}</h2>
        <ChapterList
          chapters={current.courseContent}
          completed={completed}
          playingId={openStep ? null : (playing?.lecture.lectureId ?? null)}
          onWatch={watch}
          quizzes={currentProgress.quizzes}
          openQuizId={openQuiz?.quizId ?? null}
          onTakeQuiz={(quiz) => {
            setAssignmentId(null);
            setQuizId(quiz.quizId);
            setRevealRequest((count) => count + 1);
          }}
          assignments={currentProgress.assignments}
          openAssignmentId={openAssignment?.assignmentId ?? null}
          onOpenAssignment={(assignment) => {
            setQuizId(null);
            setAssignmentId(assignment.assignmentId);
            setRevealRequest((count) => count + 1);
          }}
        />

        <div className="player__rating">
          <h2 className="player__section-title" id="rate-title">{t('player.rateTitle')}</h2>
          <Stars rating={rating} onChange={(value) => void rate(value)} label={t('player.rateLabel')} />
          {/* A written review needs one finished lecture (the server says the same with 403). */}
          {completed.size > 0 ? (
            <button type="button" className="button button--secondary" onClick={() => setReviewing(true)}>
              {t('player.writeReview')}
            </button>
          ) : (
            <p>{t('player.finishLectureToReview')}</p>
          )}
        </div>
        {reviewing && (
          <ReviewDialog
            courseId={courseId}
            courseTitle={current.courseTitle}
            rating={rating}
            onSaved={setRating}
            onClose={() => setReviewing(false)}
          />
        )}

        {courseComplete && (
          <div className="player__certificate">
            <p>{completedText(t, quizzesOf(current.courseContent).length > 0, currentProgress.assignments.length > 0)}</p>
            <button type="button" className="button" onClick={() => void certificate()}>
              {t('player.certificate.download')}
            </button>
          </div>
        )}
      </div>

      <div className="player__resources">
        {playing && !openStep && online && !offline && (
          <DoubtsPanel
            key={playing.lecture.lectureId}
            courseId={courseId}
            lectureId={playing.lecture.lectureId}
            linkedDoubtId={searchParams.get('doubt')}
            currentSecond={() => videoHandle.current?.currentSecond() ?? 0}
            onSeek={(seconds) => {
              videoHandle.current?.seek(seconds);
              setRevealRequest((count) => count + 1);
            }}
          />
        )}
        <LectureResources courseId={courseId} chapters={current.courseContent} userId={signedIn?.sub ?? null} offline={!online || offline} />
      </div>
    </div>
  );
}

/** "You completed every lecture (, passed every quiz) (and had every assignment reviewed) of this course." */
function completedText(t: TFunction, hasQuizzes: boolean, hasAssignments: boolean): string {
  if (hasQuizzes && hasAssignments) return t('player.certificate.all');
  if (hasQuizzes) return t('player.certificate.lecturesQuizzes');
  if (hasAssignments) return t('player.certificate.lecturesAssignments');
  return t('player.certificate.lectures');
}

/** Below the desktop breakpoint the player is one column: the chosen lecture or quiz first, the curriculum under it. */
const SINGLE_COLUMN_QUERY = '(max-width: 63.99rem)';

/** The first lecture after `lectureId`, in course order, that has something to play. */
export function nextPlayableLecture<T extends { lecture: LectureDto }>(lectures: readonly T[], lectureId: string): T | undefined {
  const index = lectures.findIndex((entry) => entry.lecture.lectureId === lectureId);
  if (index < 0) return undefined;
  return lectures.slice(index + 1).find((entry) => entry.lecture.lectureUrl);
}
