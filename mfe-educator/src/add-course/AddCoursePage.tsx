import { type CourseChecklistItem, type CourseDraftContentInput, type CourseDraftDto } from '@academy/contracts';
import {
  ApiError,
  errorMessage,
  type Loadable,
  queryKeys,
  toLoadable,
  useApi,
  useQuery,
  useQueryClient,
  useToast,
  useTranslation,
} from '@academy/platform';
import { Link, useNavigate, useSearchParams } from '@academy/routing';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { educatorPaths } from '../common/educatorPaths';
import { CourseForm } from './components/CourseForm';
import { DraftStatus } from './components/DraftStatus';
import { PublishChecklist } from './components/PublishChecklist';
import { emptyCourseFields, formFromDraft, toDraftContent, type CourseFields, type DraftChapter } from './data/courseDraft';
import { fetchChecklist, fetchDraft, publishCourse, uploadLectureFile, uploadThumbnail } from './data/draftApi';
import { clearPendingDraft, readPendingDraft, unsavedNewDraftId } from './data/draftStorage';
import { useDraftAutosave } from './data/useDraftAutosave';
import './add-course.css';

/** The draft being written: its id (chosen here for a new one), the version it was loaded at, what the form starts with. */
interface DraftSession {
  courseId: string;
  version: number;
  initial?: { fields: CourseFields; chapters: DraftChapter[]; thumbnailUrl: string };
  /** What the server has (a loaded draft), and changes of this browser it has not got yet. */
  saved?: CourseDraftDto['draft'];
  pending?: CourseDraftContentInput;
}

/** A draft started here: nothing to load, its id is chosen now. */
const newDraftSession = (): DraftSession => ({ courseId: crypto.randomUUID(), version: 0 });

/** Opens `?draft=<id>`: the saved draft, with this browser's unsaved changes on top when they were made on that version. */
async function openDraft(api: ReturnType<typeof useApi>, courseId: string): Promise<DraftSession> {
  const pending = readPendingDraft(courseId);
  try {
    const saved = await fetchDraft(api, courseId);
    const newer = pending && pending.baseVersion === saved.version ? pending.draft : undefined;
    if (pending && !newer) clearPendingDraft(courseId); // made on an older version: the newer save elsewhere wins
    return {
      courseId,
      version: saved.version,
      initial: { ...formFromDraft(newer ?? saved.draft), thumbnailUrl: saved.courseThumbnail ?? '' },
      saved: saved.draft,
      pending: newer,
    };
  } catch (failure) {
    // Started here while offline: the first save never arrived, this browser has it all.
    if (failure instanceof ApiError && failure.status === 404 && pending?.baseVersion === 0) {
      return { courseId, version: 0, initial: { ...formFromDraft(pending.draft), thumbnailUrl: '' }, pending: pending.draft };
    }
    throw failure;
  }
}

/**
 * /educator/add-course: the spec's form, kept as a draft from the first change (`?draft=<id>` then names it, so a
 * reload reopens it). ADD publishes it once the checklist is complete; the fields are then cleared for a new course.
 */
export function AddCoursePage() {
  const api = useApi();
  const { t } = useTranslation('educator');
  const [searchParams, setSearchParams] = useSearchParams();
  const draftParam = searchParams.get('draft');
  // The draft started on this page (none to load); it keeps its session when it gets its address.
  const [started, setStarted] = useState<DraftSession | null>(null);
  // The saved draft being opened: set only when the address names another draft than the one on screen (a
  // publish leaves the address a moment later, and must not reopen the draft it just published).
  const [opening, setOpening] = useState<string | null>(null);
  // Opened once per visit (the session is what the form starts with, and openDraft settles this browser's unsaved
  // changes): never refetched behind the form, nor kept once the page is left. Its key is outside the educator's
  // data, so their invalidations never reload a draft being edited.
  const openQuery = useQuery({
    queryKey: ['educator-draft-session', opening],
    queryFn: () => openDraft(api, opening ?? ''),
    enabled: opening !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { errorToast: false },
  });
  const opened = toLoadable(openQuery);
  const startNew = () => {
    setOpening(null);
    setStarted(newDraftSession());
  };
  const loading: Loadable<DraftSession> = opening !== null ? opened : started ? { status: 'ready', data: started } : { status: 'loading' };

  useEffect(() => {
    if (draftParam && draftParam === (opening ?? started?.courseId)) return; // the draft on screen got its address
    if (draftParam) return setOpening(draftParam);
    // No draft named: this browser's unsaved new draft if it has one, else a new one.
    const unsaved = unsavedNewDraftId();
    if (unsaved) setSearchParams({ draft: unsaved }, { replace: true });
    else startNew();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftParam]);

  return (
    <div className="add-course">
      {loading.status === 'loading' && (
        <>
          <h1 className="page-title">{t('addCourse.page.title')}</h1>
          <LoadingView label={t('addCourse.page.loadingDraft')} />
        </>
      )}
      {loading.status === 'error' && (
        <>
          <h1 className="page-title">{t('addCourse.page.title')}</h1>
          <ErrorPanel title={t('addCourse.page.draftLoadFailed')} message={loading.message} onRetry={opened.reload} />
          <Link to={educatorPaths.myCourses}>{t('addCourse.page.backToMyCourses')}</Link>
        </>
      )}
      {loading.status === 'ready' && (
        <DraftEditor
          key={loading.data.courseId}
          session={loading.data}
          onFirstChange={() => setSearchParams({ draft: loading.data.courseId }, { replace: true })}
          onPublished={() => {
            setSearchParams({}, { replace: true });
            startNew();
          }}
        />
      )}
    </div>
  );
}

/** Nothing typed or added yet. */
function isBlank(content: CourseDraftContentInput): boolean {
  const { courseDescription = '', ...rest } = content.fields;
  return Object.values(rest).every((value) => !value) && !courseDescription.replace(/<[^>]*>/g, '').trim() && (content.courseContent ?? []).length === 0;
}

interface DraftEditorProps {
  session: DraftSession;
  onFirstChange(): void;
  onPublished(): void;
}

function DraftEditor({ session, onFirstChange, onPublished }: DraftEditorProps) {
  const api = useApi();
  const toast = useToast();
  const { t } = useTranslation('educator');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { courseId } = session;
  const autosave = useDraftAutosave(courseId, session.version);
  const [checklistShown, setChecklistShown] = useState(false);
  const latest = useRef<CourseDraftContentInput>(session.pending ?? (session.initial ? toDraftContent(session.initial.fields, session.initial.chapters) : toDraftContent(emptyCourseFields, [])));
  const addressed = useRef(session.version > 0);

  useEffect(() => {
    if (session.saved) autosave.markSaved(session.saved);
    if (session.pending) autosave.change(session.pending); // this browser's unsaved changes go now
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = useCallback(
    (content: CourseDraftContentInput) => {
      // Focusing the description editor reports its empty text: a draft starts with a real change only.
      if (!addressed.current && isBlank(content)) return;
      latest.current = content;
      autosave.change(content);
      if (!addressed.current) {
        addressed.current = true;
        onFirstChange();
      }
    },
    [autosave, onFirstChange],
  );

  /** The draft exists on the server (a thumbnail or a file chosen before anything was typed creates it). */
  const ensureSaved = async () => {
    if (autosave.version() === 0) {
      autosave.change(latest.current);
      if (!addressed.current) {
        addressed.current = true;
        onFirstChange();
      }
    }
    await autosave.flush();
  };

  // Once shown, the checklist follows the saves: asked again for each version the server confirms, the last
  // answer kept meanwhile (and when asking fails).
  const savedVersion = autosave.status.kind === 'saved' ? autosave.version() : null;
  const checklistKey = (version: number | null) => ['educator-draft-checklist', courseId, version];
  const checklistQuery = useQuery({
    queryKey: checklistKey(savedVersion),
    queryFn: () => fetchChecklist(api, courseId),
    enabled: checklistShown && savedVersion !== null,
    placeholderData: (previous) => previous,
    meta: { errorToast: false },
  });
  const checklist = toLoadable(checklistQuery);
  const missing: CourseChecklistItem[] = checklistShown && checklist.status === 'ready' ? checklist.data : [];

  const publish = async () => {
    await ensureSaved();
    const stillMissing = await queryClient.fetchQuery({ queryKey: checklistKey(autosave.version()), queryFn: () => fetchChecklist(api, courseId), staleTime: 0 });
    if (stillMissing.length > 0) {
      setChecklistShown(true);
      return;
    }
    await publishCourse(api, courseId);
    clearPendingDraft(courseId);
    toast.success(t('addCourse.page.added'));
    void queryClient.invalidateQueries({ queryKey: queryKeys.educator.all });
    onPublished();
  };

  const preview = async () => {
    try {
      await ensureSaved();
      navigate(educatorPaths.previewCourse(courseId));
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  return (
    <>
      <div className="add-course__header">
        <h1 className="page-title">{t('addCourse.page.title')}</h1>
        <DraftStatus status={autosave.status} />
        <button type="button" className="button button--secondary add-course__preview" onClick={() => void preview()}>
          {t('addCourse.page.preview')}
        </button>
      </div>
      {missing.length > 0 && <PublishChecklist items={missing} />}
      <CourseForm
        initial={session.initial}
        submitLabel={t('addCourse.page.submit')}
        busyLabel={t('addCourse.page.publishing')}
        onContentChange={change}
        uploadThumbnail={async (file, onUploadProgress) => {
          await ensureSaved();
          return uploadThumbnail(api, courseId, file, onUploadProgress);
        }}
        lectureFiles={async (file, onUploadProgress) => {
          await ensureSaved();
          const stored = await uploadLectureFile(api, courseId, file, onUploadProgress);
          return { url: stored.url, fileName: file.name };
        }}
        publish={publish}
      />
    </>
  );
}
