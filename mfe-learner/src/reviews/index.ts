export { CourseReviews, RatingHistogramView } from './CourseReviews';
export { ReviewDialog } from './ReviewDialog';
