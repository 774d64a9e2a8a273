// Public surface of the player feature.
export { PlayerPage } from './pages/PlayerPage';
