import {
  uploadedVideoUrl,
  VIDEO_FORMAT_REFUSED_MESSAGE,
  VIDEO_TOO_LARGE_MESSAGE,
  VIDEO_UPLOAD_FORMATS,
  VIDEO_UPLOAD_MAX_BYTES,
  VIDEO_UPLOAD_PATH,
  videoAuthoringCaptionsRoute,
  videoAuthoringRetryRoute,
  videoAuthoringStatusRoute,
  type VideoStatusDto,
} from '@academy/contracts';
import {
  apiUrl,
  callApi,
  errorMessage,
  queryKeys,
  toLoadable,
  translateMessage,
  useApi,
  usePortalAuth,
  useQuery,
  useQueryClient,
  useRuntimeConfig,
  useTranslation,
} from '@academy/platform';
import { useId, useRef, useState } from 'react';

interface VideoUploadFieldProps {
  /** Called with the lecture link of the uploaded video once the upload has finished. */
  onUploaded(lectureUrl: string): void;
}

const ACCEPT = VIDEO_UPLOAD_FORMATS.flatMap((format) => [format.mime, ...format.extensions.map((extension) => `.${extension}`)]).join(',');
const FORMAT_NAMES = VIDEO_UPLOAD_FORMATS.map((format) => format.label).join(', ');
/** Largest captions file the server takes (WebVTT text). */
const CAPTIONS_MAX_BYTES = 1024 * 1024;
/** How often the dialog asks how processing is going. */
const STATUS_POLL_MS = 2000;

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'uploaded'; videoId: string };

/** The refusal the server put in a tus answer (JSON `{ message }`), or null when it gave none. */
function refusalOf(error: unknown): string | null {
  const body = (error as { originalResponse?: { getBody(): string } | null })?.originalResponse?.getBody();
  try {
    const parsed = body ? (JSON.parse(body) as { message?: unknown }) : null;
    if (parsed && typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: fall through
  }
  return null;
}

/**
 * "Upload a video": tus (tus-js-client, loaded when a file is chosen) sends the file in 8 MB chunks, retries when
 * the network drops and, for the same file chosen again after a reload, resumes where it stopped. The limits show
 * before choosing; the server checks the bytes again. After the upload the field follows the video's processing.
 */
export function VideoUploadField({ onUploaded }: VideoUploadFieldProps) {
  const id = useId();
  const { t } = useTranslation('educator');
  const api = useApi();
  const { apiBaseUrl } = useRuntimeConfig();
  const { getAccessTokenSilently } = usePortalAuth();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;
  const client = useQueryClient();

  const videoId = phase.kind === 'uploaded' ? phase.videoId : null;
  const statusKey = [...queryKeys.educator.all, 'videoStatus', videoId];
  // After the upload, the video's processing is asked every few seconds until it is ready or failed (an answer
  // to Retry or to a captions file starts it again); a missed poll is not shown, the next one tries again.
  const statusQuery = useQuery({
    queryKey: statusKey,
    queryFn: async () => (await callApi(api, videoAuthoringStatusRoute, { params: { id: videoId ?? '' } })).video,
    enabled: videoId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'ready' || query.state.data?.status === 'failed' ? false : STATUS_POLL_MS),
    meta: { errorToast: false },
  });
  const videoStatus = toLoadable(statusQuery);
  const status = videoId !== null && videoStatus.status === 'ready' ? videoStatus.data : null;
  const setStatus = (video: VideoStatusDto) => client.setQueryData(statusKey, video);

  const choose = async (file: File) => {
    setProblem(null);
    if (file.size > VIDEO_UPLOAD_MAX_BYTES) {
      setProblem(VIDEO_TOO_LARGE_MESSAGE);
      return;
    }
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!VIDEO_UPLOAD_FORMATS.some((format) => format.mime === file.type || format.extensions.includes(extension))) {
      setProblem(VIDEO_FORMAT_REFUSED_MESSAGE);
      return;
    }
    setPhase({ kind: 'uploading', percent: 0 });
    const { Upload } = await import('tus-js-client');
    const token = await getAccessTokenSilently();
    const upload = new Upload(file, {
      endpoint: apiUrl(apiBaseUrl, VIDEO_UPLOAD_PATH),
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
      headers: { Authorization: `Bearer ${token}` },
      metadata: { filename: file.name, filetype: file.type },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => setPhase({ kind: 'uploading', percent: total ? Math.floor((sent / total) * 100) : 0 }),
      onError: (error) => {
        setPhase({ kind: 'idle' });
        const refusal = refusalOf(error);
        setProblem(refusal === null ? t('addCourse.video.uploadStopped') : translateMessage(refusal));
      },
      onSuccess: () => {
        const uploadedId = upload.url?.split('/').pop() ?? '';
        setPhase({ kind: 'uploaded', videoId: uploadedId });
        onUploadedRef.current(uploadedVideoUrl(uploadedId));
      },
    });
    const previous = await upload.findPreviousUploads();
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  };

  const [captions, setCaptions] = useState<{ kind: 'idle' | 'sending' | 'added' } | { kind: 'refused'; message: string }>({ kind: 'idle' });
  const sendCaptions = async (file: File) => {
    if (!videoId) return;
    if (file.size > CAPTIONS_MAX_BYTES) {
      setCaptions({ kind: 'refused', message: t('addCourse.video.captionsTooLarge') });
      return;
    }
    setCaptions({ kind: 'sending' });
    const form = new FormData();
    form.append('captions', file);
    try {
      setStatus((await callApi(api, videoAuthoringCaptionsRoute, { params: { id: videoId }, form })).video);
      setCaptions({ kind: 'added' });
    } catch (error) {
      setCaptions({ kind: 'refused', message: errorMessage(error) });
    }
  };

  const retry = async () => {
    if (!videoId) return;
    try {
      setStatus((await callApi(api, videoAuthoringRetryRoute, { params: { id: videoId } })).video);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  return (
    <div className="form-field video-upload">
      <label htmlFor={`${id}-file`}>{t('addCourse.video.label')}</label>
      <p id={hintId} className="form-field__hint">
        {t('addCourse.video.hint', { formats: FORMAT_NAMES })}
      </p>
      <input
        id={`${id}-file`}
        type="file"
        accept={ACCEPT}
        disabled={phase.kind === 'uploading'}
        aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void choose(file);
        }}
      />
      {phase.kind === 'uploading' && (
        <p className="video-upload__progress">
          <label htmlFor={`${id}-progress`}>{t('addCourse.video.uploading')}</label>{' '}
          <progress id={`${id}-progress`} max={100} value={phase.percent}>
            {phase.percent}%
          </progress>{' '}
          {phase.percent}%
        </p>
      )}
      {problem && (
        <p id={problemId} className="form-field__error" role="alert">
          {translateMessage(problem)}
        </p>
      )}
      {status && (
        <p className="video-upload__status" role="status">
          {status.status === 'processing' && t('addCourse.video.processing', { percent: status.progress })}
          {status.status === 'uploading' && t('addCourse.video.waiting')}
          {status.status === 'ready' && t('addCourse.video.ready')}
          {status.status === 'failed' &&
            t('addCourse.video.failed', { reason: status.failureReason ? translateMessage(status.failureReason) : t('addCourse.video.unknownReason') })}
        </p>
      )}
      {status?.status === 'ready' && (
        <div className="form-field video-upload__captions">
          <label htmlFor={`${id}-captions`}>{t('addCourse.video.captions')}</label>
          <p id={`${id}-captions-hint`} className="form-field__hint">
            {t('addCourse.video.captionsHint')}
          </p>
          <input
            id={`${id}-captions`}
            type="file"
            accept=".vtt,text/vtt"
            disabled={captions.kind === 'sending'}
            aria-describedby={captions.kind === 'refused' ? `${id}-captions-hint ${id}-captions-problem` : `${id}-captions-hint`}
            aria-invalid={captions.kind === 'refused' ? true : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void sendCaptions(file);
            }}
          />
          {captions.kind === 'added' && <p role="status">{t('addCourse.video.captionsAdded')}</p>}
          {captions.kind === 'refused' && (
            <p id={`${id}-captions-problem`} className="form-field__error" role="alert">
              {captions.message}
            </p>
          )}
        </div>
      )}
      {status?.status === 'failed' && (
        <button type="button" className="button button--secondary" onClick={() => void retry()}>
          {t('addCourse.video.retry')}
        </button>
      )}
    </div>
  );
}
