// The read lives with the assignments' other SQL; learning and parents import it from here.
export { assignmentStandings } from './assignments.repository.js';
