import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@academy/platform';
import { useNavigate } from '@academy/routing';
import { courseListPath } from '../data/catalogueRoutes';
import './CourseSearchForm.css';

interface CourseSearchFormProps {
  /** Text shown in the box at first, e.g. the search of the current /course-list/:input path. */
  initialText?: string;
}

/**
 * Search box of the home hero and the course list: submitting goes to /course-list/{text}, empty to /course-list.
 * Not on react-hook-form, like the footer's newsletter form: the box is on `/`'s first render, which
 * react-hook-form and zod stay off (docs/performance.md), and any text is a valid search, so there is nothing to check.
 */
export function CourseSearchForm({ initialText = '' }: CourseSearchFormProps) {
  const { t } = useTranslation('learner');
  const navigate = useNavigate();
  const inputId = useId();
  const [text, setText] = useState(initialText);
  // Follow the path when it changes under a mounted form (e.g. the filter chip was removed).
  const [shownInitial, setShownInitial] = useState(initialText);
  if (shownInitial !== initialText) {
    setShownInitial(initialText);
    setText(initialText);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(courseListPath(text));
  }

  return (
    <form className="course-search" role="search" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('catalogue.search.label')}
      </label>
      <input
        id={inputId}
        className="course-search__input"
        type="search"
        placeholder={t('catalogue.search.label')}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="course-search__button">
        {t('catalogue.search.submit')}
      </button>
    </form>
  );
}
