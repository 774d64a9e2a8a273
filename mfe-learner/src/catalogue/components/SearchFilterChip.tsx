import { useNavigate } from '@academy/routing';
import { useTranslation } from '@academy/platform';
import { COURSE_LIST_PATH } from '../data/catalogueRoutes';
import './SearchFilterChip.css';

interface SearchFilterChipProps {
  searchText: string;
}

/** The active search as a chip; removing it returns to the plain course list. */
export function SearchFilterChip({ searchText }: SearchFilterChipProps) {
  const { t } = useTranslation('learner');
  const navigate = useNavigate();
  return (
    <p className="filter-chip">
      <span className="filter-chip__label">
        <span className="visually-hidden">{t('catalogue.searchChip.filteredBy')} </span>
        {searchText}
      </span>
      <button
        type="button"
        className="filter-chip__remove"
        aria-label={t('catalogue.searchChip.remove', { search: searchText })}
        onClick={() => navigate(COURSE_LIST_PATH)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </p>
  );
}
