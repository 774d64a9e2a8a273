// Public surface of the profile feature: the learner's class and board (the first-sign-in question and /my-class).
export { ClassForm } from './ClassForm';
export { MyClassPage } from './MyClassPage';
