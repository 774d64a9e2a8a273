// Public surface of the doubts feature: the panel the player shows under a lecture.
export { DoubtsPanel } from './components/DoubtsPanel';
