import { useNavigate } from '@academy/routing';
import { COURSE_LIST_PATH } from '../data/catalogueRoutes';
import './SearchFilterChip.css';

interface SearchFilterChipProps {
  searchText: string;
}

/** The active search as a chip; removing it returns to the plain course list. */
export function SearchFilterChip({ searchText }: SearchFilterChipProps) {
  const navigate = useNavigate();
  return (
    <p className="filter-chip">
      <span className="filter-chip__label">
        <span className="visually-hidden">Filtered by: </span>
        {searchText}
      </span>
      <button
        type="button"
        className="filter-chip__remove"
        aria-label={`Remove search filter "${searchText}"`}
        onClick={() => navigate(COURSE_LIST_PATH)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </p>
  );
}
