export { CourseLanguageBadge, useCourseLanguageNames, type CourseLanguageBadgeProps } from './CourseLanguageBadge';
