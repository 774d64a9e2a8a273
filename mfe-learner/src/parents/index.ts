// Public surface of the parents feature: the parent area and a learner's parent access page.
export { ParentHomePage } from './pages/ParentHomePage';
export { ChildProgressPage } from './pages/ChildProgressPage';
export { ParentAccessPage } from './pages/ParentAccessPage';
export { useParentLinks } from './data/useParents';
export { EnrollMyChild } from './components/EnrollMyChild';
