export { CourseCard, classRangeLabel, subjectName, type CourseCardProps } from './CourseCard';
export { CourseGrid, type CourseGridProps } from './CourseGrid';
export { CourseGridSkeleton, type CourseGridSkeletonProps } from './CourseGridSkeleton';
