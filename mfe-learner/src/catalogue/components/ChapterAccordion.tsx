import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@academy/platform';
import { chapterMinutes, type ChapterDto, type LectureDto } from '@academy/contracts';
import { useDurationText } from '../../common/duration';
import './ChapterAccordion.css';

interface ChapterAccordionProps {
  chapters: readonly ChapterDto[];
  /** Called with a free-preview lecture when its Preview button is pressed. */
  onPreview: (lecture: LectureDto) => void;
  /** The lecture currently playing in the side card, marked as such. */
  playingLectureId?: string | null;
}

/**
 * Chapters as a WAI-ARIA accordion: each header is a button (aria-expanded, aria-controls) inside a heading,
 * panels are labelled regions; Up/Down/Home/End move between headers. Several chapters may be open at once.
 */
export function ChapterAccordion({ chapters, onPreview, playingLectureId = null }: ChapterAccordionProps) {
  const { t } = useTranslation('learner');
  const duration = useDurationText();
  const baseId = useId();
  const [openChapterIds, setOpenChapterIds] = useState<ReadonlySet<string>>(() => new Set());
  const headerRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function toggle(chapterId: string) {
    setOpenChapterIds((open) => {
      const next = new Set(open);
      if (next.has(chapterId)) next.delete(chapterId);
      else next.add(chapterId);
      return next;
    });
  }

  function moveFocus(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = chapters.length - 1;
    const target =
      event.key === 'ArrowDown' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowUp' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (target === null) return;
    event.preventDefault();
    headerRefs.current[target]?.focus();
  }

  return (
    <div className="chapter-accordion">
      {chapters.map((chapter, index) => {
        const isOpen = openChapterIds.has(chapter.chapterId);
        const headerId = `${baseId}-chapter-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <section key={chapter.chapterId} className="chapter-accordion__chapter">
            <h3 className="chapter-accordion__heading">
              <button
                ref={(element) => {
                  headerRefs.current[index] = element;
                }}
                id={headerId}
                type="button"
                className="chapter-accordion__toggle"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(chapter.chapterId)}
                onKeyDown={(event) => moveFocus(event, index)}
              >
                <span className="chapter-accordion__chevron" aria-hidden="true" />
                <span className="chapter-accordion__title">{chapter.chapterTitle}</span>
                <span className="chapter-accordion__meta">
                  {t('catalogue.lectureCount', { count: chapter.chapterContent.length })} - {duration(chapterMinutes(chapter))}
                </span>
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={headerId} hidden={!isOpen} className="chapter-accordion__panel">
              <ul className="chapter-accordion__lectures">
                {chapter.chapterContent.map((lecture) => (
                  <LectureRow
                    key={lecture.lectureId}
                    lecture={lecture}
                    isPlaying={lecture.lectureId === playingLectureId}
                    onPreview={onPreview}
                  />
                ))}
                {chapter.quiz && (
                  <li className="chapter-accordion__lecture">
                    <span className="chapter-accordion__lecture-icon" aria-hidden="true">?</span>
                    <span className="chapter-accordion__lecture-title">{t('catalogue.quizTitle', { title: chapter.quiz.title })}</span>
                    <span className="chapter-accordion__lecture-duration">{t('catalogue.questionCount', { count: chapter.quiz.questionCount })}</span>
                  </li>
                )}
              </ul>
            </div>
          </section>
        );
      })}
    </div>
  );
}

interface LectureRowProps {
  lecture: LectureDto;
  isPlaying: boolean;
  onPreview: (lecture: LectureDto) => void;
}

function LectureRow({ lecture, isPlaying, onPreview }: LectureRowProps) {
  const { t } = useTranslation('learner');
  const duration = useDurationText();
  // The public route sends a URL only for free previews; both conditions guard against a half-filled lecture.
  const canPreview = lecture.isPreviewFree && Boolean(lecture.lectureUrl);
  return (
    <li className="chapter-accordion__lecture">
      <span className="chapter-accordion__lecture-icon" aria-hidden="true">▶</span>
      <span className="chapter-accordion__lecture-title">{lecture.lectureTitle}</span>
      {canPreview && (
        <button
          type="button"
          className="chapter-accordion__preview"
          aria-label={t('catalogue.previewLecture', { title: lecture.lectureTitle })}
          aria-pressed={isPlaying}
          onClick={() => onPreview(lecture)}
        >
          {t('catalogue.preview')}
        </button>
      )}
      <span className="chapter-accordion__lecture-duration">{duration(lecture.lectureDuration)}</span>
    </li>
  );
}
