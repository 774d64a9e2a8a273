export { renderOnServer, type RenderOnServerOptions, type ServerTranslations } from './render-on-server';
