export { LiveRoomPage } from './LiveRoomPage';
export { LiveClassesPanel } from './LiveClassesPanel';
