import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@academy/routing';
import { PlatformProviders } from '../auth/platform-providers';
import { loadRuntimeConfig, type RemoteName } from '../config/runtime-config';
import { learnRemoteRoutes } from './remote-route-tables';
import i18next from 'i18next';
import { startI18n } from '../i18n/i18n';

/**
 * Minimal host for running one remote alone (`npm run dev -w mfe-learner`): the same runtime config, sign-in,
 * toasts and router as in the shell, but no chrome. The other remotes' manifests are still read (registering them),
 * but their deployed builds take the federation runtime from the shell, which is not here: an embedded section
 * (info/TestimonialsSection on the home page) shows its "not available" panel (README, "Running one app alone").
 */
export async function startStandalone(remote: RemoteName, App: ComponentType): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  try {
    const [config] = await Promise.all([loadRuntimeConfig(), startI18n()]);
    learnRemoteRoutes(config, undefined, remote);
    root.render(
      <StrictMode>
        <BrowserRouter>
          <PlatformProviders config={config}>
            <main id="main-content" data-standalone-remote={remote}>
              <App />
            </main>
          </PlatformProviders>
        </BrowserRouter>
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    // In the chosen language when the translations could load; the English stays the default for when they could not.
    await startI18n().catch(() => undefined);
    root.render(
      <main role="alert">
        <h1>{i18next.t('platform:federation.standaloneFailed', { remote, defaultValue: `${remote} could not start` })}</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
        <p>{i18next.t('platform:federation.standaloneHint', {
            defaultValue: 'Is the portal (npm start) running on the edge port so /runtime-config.json can be proxied?',
          })}</p>
      </main>,
    );
  }
}
