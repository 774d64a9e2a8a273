import type { ChapterDto, LectureDto } from '@academy/contracts';
import { lecturesInOrder } from '@academy/contracts';
import { errorMessage, Trans, useToast, useTranslation } from '@academy/platform';
import { useCallback, useEffect, useState } from 'react';
import { canKeepOffline, keepFile, keptFileId, keptFiles, removeKeptFile, type KeptFile, type KeptFileKind } from '../../offline/offlineStore';

interface ResourceProps {
  url: string | null;
  label: string;
  kept?: KeptFile;
  offline: boolean;
  onKeep?: () => Promise<void>;
  onRemove?: () => Promise<void>;
}

/** A kept file opens from this device: a link to its bytes (blob URL), made while it is shown. */
const hidden = <span className="visually-hidden" />;

function KeptCopyLink({ kept, label }: { kept: KeptFile; label: string }) {
  const { t } = useTranslation('learner-study');
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(kept.blob);
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [kept.blob]);
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="resources__download" data-kept-offline="true">
      <Trans t={t} i18nKey="player.resources.openOffline" values={{ label }} components={{ hidden }} />
    </a>
  );
}

function Resource({ url, label, kept, offline, onKeep, onRemove }: ResourceProps) {
  const { t } = useTranslation('learner-study');
  const [busy, setBusy] = useState(false);
  if (!url && !kept) return <span className="resources__soon">{t('player.resources.comingSoon')}</span>;
  const run = (action: (() => Promise<void>) | undefined) => async () => {
    if (!action) return;
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="resources__cell">
      {kept ? (
        <KeptCopyLink kept={kept} label={label} />
      ) : offline ? (
        <span className="resources__soon">{t('player.resources.notKept')}</span>
      ) : (
        <a href={url!} target="_blank" rel="noopener noreferrer" className="resources__download">
          <Trans t={t} i18nKey="player.resources.download" values={{ label }} components={{ hidden }} />
        </a>
      )}
      {!offline && kept && onRemove && (
        <button type="button" className="resources__keep" disabled={busy} onClick={() => void run(onRemove)()}>
          <Trans t={t} i18nKey="player.resources.removeOffline" values={{ label }} components={{ hidden }} />
        </button>
      )}
      {!offline && !kept && url && onKeep && (
        <button type="button" className="resources__keep" disabled={busy} aria-busy={busy} onClick={() => void run(onKeep)()}>
          {busy ? (
            <Trans t={t} i18nKey="player.resources.keeping" values={{ label }} components={{ hidden }} />
          ) : (
            <Trans t={t} i18nKey="player.resources.keep" values={{ label }} components={{ hidden }} />
          )}
        </button>
      )}
    </span>
  );
}

/**
 * Lecture Resources: notes and test of every lecture, or a red "Coming Soon". A learner can keep a file on this
 * device ("Keep offline"): it then opens without a network, until removed or the course is no longer theirs.
 */
export function LectureResources({ courseId, chapters, userId, offline }: { courseId: string; chapters: ChapterDto[]; userId: string | null; offline: boolean }) {
  const { t } = useTranslation('learner-study');
  const rows = lecturesInOrder(chapters);
  const toast = useToast();
  const [kept, setKept] = useState<Map<string, KeptFile>>(new Map());
  const canKeep = userId !== null && canKeepOffline();

  const reread = useCallback(async () => {
    if (!canKeep) return;
    const files = await keptFiles(userId, courseId).catch(() => []);
    setKept(new Map(files.map((file) => [file.id, file])));
  }, [canKeep, userId, courseId]);
  useEffect(() => void reread(), [reread]);

  const actionsFor = (lecture: LectureDto, kind: KeptFileKind, title: string) => {
    if (!canKeep) return {};
    const url = kind === 'notes' ? lecture.notesUrl : lecture.testUrl;
    const id = keptFileId(userId, courseId, lecture.lectureId, kind);
    return {
      kept: kept.get(id),
      onKeep: async () => {
        try {
          await keepFile(userId, { courseId, lectureId: lecture.lectureId, kind, title, url: url! });
          toast.success(t('player.resources.kept', { title }));
        } catch (error) {
          toast.error(errorMessage(error));
        }
        await reread();
      },
      onRemove: async () => {
        await removeKeptFile(id).catch((error: unknown) => toast.error(errorMessage(error)));
        await reread();
      },
    };
  };

  /** Keep and remove of a lecture's notes and test; `name` names the lecture in the kept file's title. */
  const lectureActions = (lecture: LectureDto, name: string) => ({
    notes: actionsFor(lecture, 'notes', t('player.resources.notesTitle', { name })),
    test: actionsFor(lecture, 'test', t('player.resources.testTitle', { name })),
  });

  return (
    <section className="resources" aria-labelledby="resources-title">
      <h2 id="resources-title">{t('player.resources.title')}</h2>
      <div className="resources__scroll">
        <table className="resources__table">
          <thead>
            <tr>
              <th scope="col">{t('player.resources.lecture')}</th>
              <th scope="col">{t('player.resources.notes')}</th>
              <th scope="col">{t('player.resources.test')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ lecture, label }) => {
              const name = t('player.resources.lectureName', { label, title: lecture.lectureTitle });
              const { notes, test } = lectureActions(lecture, name);
              return (
                <tr key={lecture.lectureId}>
                  <th scope="row">{name}</th>
                  <td>
                    <Resource url={lecture.notesUrl} label={t('player.resources.notesOf', { name })} offline={offline} {...notes} />
                  </td>
                  <td>
                    <Resource url={lecture.testUrl} label={t('player.resources.testOf', { name })} offline={offline} {...test} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
