import '@academy/ui/tokens.css';
import './shell.css';
import {
  learnRemoteRoutes,
  loadRuntimeConfig,
  PlatformProviders,
  preloadRemoteOfPath,
  registerRuntimeRemotes,
  registerTranslations,
  startI18n,
} from '@academy/platform';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@academy/routing';
import { ShellApp } from './ShellApp';
import { ConfigFailure } from './routing/ConfigFailure';
import { registerServiceWorker } from './offline/register-service-worker';

registerTranslations('shell', (language) => import(/* webpackChunkName: "i18n-shell-[request]" */ `./locales/${language}.json`));

/**
 * Renders the portal once the runtime config and the chrome's strings have arrived (`fetchRuntimeConfig` answers
 * the request index.ts started); both load at once.
 */
export function startShell(fetchRuntimeConfig: typeof fetch): void {
  const root = createRoot(document.getElementById('root')!);
  Promise.all([loadRuntimeConfig(fetchRuntimeConfig), startI18n()])
    .then(([config]) => {
      registerRuntimeRemotes(config);
      // The remotes' manifests, all at once: they say which remote serves which page.
      learnRemoteRoutes(config);
      preloadRemoteOfPath(window.location.pathname);
      root.render(
        <StrictMode>
          <BrowserRouter>
            <PlatformProviders config={config}>
              <ShellApp />
            </PlatformProviders>
          </BrowserRouter>
        </StrictMode>,
      );
      // Production builds only: the development server rebuilds files the worker would otherwise keep.
      if (process.env.NODE_ENV === 'production') registerServiceWorker();
    })
    .catch((error: unknown) => {
      console.error(error);
      root.render(<ConfigFailure error={error} />);
    });
}
