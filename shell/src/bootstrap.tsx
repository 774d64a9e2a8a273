import '@academy/ui/tokens.css';
import './shell.css';
import { prepareCourseCardFormatters } from '@academy/contracts';
import {
  currentLanguage,
  learnRemoteRoutes,
  loadRuntimeConfig,
  PlatformProviders,
  preloadRemoteOfPath,
  registerRuntimeRemotes,
  registerTranslations,
  startI18n,
} from '@academy/platform';
import { startTransition, StrictMode } from 'react';
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
      // A transition: React renders the portal in slices, yielding to the browser between them, instead of in one
      // long task that would hold up input and the next paint (the total blocking time of the first page).
      startTransition(() =>
        root.render(
          <StrictMode>
            <BrowserRouter>
              <PlatformProviders config={config}>
                <ShellApp />
              </PlatformProviders>
            </BrowserRouter>
          </StrictMode>,
        ),
      );
      // While the page's code and data are on their way, the main thread is idle: build the number formatters the
      // first course cards need now rather than inside the render that paints them.
      (window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1)))(() =>
        prepareCourseCardFormatters(currentLanguage()),
      );
      // Production builds only: the development server rebuilds files the worker would otherwise keep.
      if (process.env.NODE_ENV === 'production') registerServiceWorker();
    })
    .catch((error: unknown) => {
      console.error(error);
      // In the visitor's language when the translations could load (they may still be on their way).
      const render = () => root.render(<ConfigFailure error={error} />);
      startI18n().then(render, render);
    });
}
