import '@academy/ui/tokens.css';
import { startStandalone } from '@academy/platform';
import App from './App';

void startStandalone('educator', App);
