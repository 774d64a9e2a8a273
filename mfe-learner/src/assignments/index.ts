// Public surface of the assignments feature: the panel the player shows for a chapter's assignment.
export { AssignmentPanel } from './components/AssignmentPanel';
