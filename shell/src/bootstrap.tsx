import '@academy/ui/tokens.css';
import './shell.css';
import { prepareCourseCardFormatters } from '@academy/contracts';
import {
  handOverFirstScreen,
  initialLanguage,
  learnRemoteRoutes,
  loadRuntimeConfig,
  PlatformProviders,
  preloadRemoteOfPath,
  registerTranslations,
  startI18n,
} from '@academy/platform';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@academy/routing';
import { ShellApp } from './ShellApp';
import { ConfigFailure } from './routing/ConfigFailure';
import { registerServiceWorker } from './offline/register-service-worker';
import englishStrings from './locales/en.json?url';
import hindiStrings from './locales/hi.json?url';

registerTranslations('shell', { en: englishStrings, hi: hindiStrings });

/**
 * Renders the portal once the runtime config and the chrome's strings have arrived (`fetchRuntimeConfig` answers
 * the request index.ts started); both load at once.
 */
export function startShell(fetchRuntimeConfig: typeof fetch): void {
  const container = document.getElementById('root')!;
  const root = createRoot(container);
  // A page the edge rendered stays shown until the portal shows it too (the portal renders hidden until then).
  const handOverNow = handOverFirstScreen(container);
  // The page's first Intl object initialises the browser's locale data: about 16 ms on a desktop core, 64 ms at a
  // phone's speed, whatever the kind or language (later ones take a fraction of a millisecond). Built in a task of its
  // own now, while the config, the strings and the page's code are on their way, it does not lengthen the page's
  // render; left to an idle callback it ran inside the render on a page whose files were all preloaded.
  setTimeout(() => prepareCourseCardFormatters(initialLanguage()), 0);
  Promise.all([loadRuntimeConfig(fetchRuntimeConfig), startI18n()])
    .then(([config]) => {
      // The remotes' manifests, all at once: they say which remote serves which page, and where its entry is.
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
      // Production builds only: the development server rebuilds files the worker would otherwise keep.
      if (process.env.NODE_ENV === 'production') registerServiceWorker();
    })
    .catch((error: unknown) => {
      console.error(error);
      handOverNow();
      // In the visitor's language when the translations could load (they may still be on their way).
      const render = () => root.render(<ConfigFailure error={error} />);
      startI18n().then(render, render);
    });
}
