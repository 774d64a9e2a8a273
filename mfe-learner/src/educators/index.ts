export { EducatorPage } from './EducatorPage';
