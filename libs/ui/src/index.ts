// Public surface of @academy/ui; apps import '@academy/ui/tokens.css' once at start-up.
import './i18n';
export { ErrorPanel, type ErrorPanelProps } from './error-panel/ErrorPanel';
export { LoadingView, type LoadingViewProps } from './loading-view/LoadingView';
export { STAR_COUNT, Stars, type StarsProps } from './stars/Stars';
export * from './course-card';
export * from './course-language';
export { SocialLinks, type SocialLinksProps } from './social-links/SocialLinks';
export { useModalDialog } from './modal-dialog/useModalDialog';
export { ModalDialog, type ModalDialogProps } from './modal-dialog/ModalDialog';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog/ConfirmDialog';
export { attachHls, type HlsAttachment } from './video/attach-hls';
// The live classroom (chat, polls, the stage's WebRTC) is `@academy/ui/live`: only live pages use it, and this
// module is on every first page.
