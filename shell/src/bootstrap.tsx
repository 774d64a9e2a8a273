import '@academy/ui/tokens.css';
import './shell.css';
import { loadRuntimeConfig, PlatformProviders, registerRuntimeRemotes } from '@academy/platform';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ShellApp } from './ShellApp';
import { ConfigFailure } from './routing/ConfigFailure';

const root = createRoot(document.getElementById('root')!);

loadRuntimeConfig()
  .then((config) => {
    registerRuntimeRemotes(config);
    root.render(
      <StrictMode>
        <BrowserRouter>
          <PlatformProviders config={config}>
            <ShellApp />
          </PlatformProviders>
        </BrowserRouter>
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(<ConfigFailure error={error} />);
  });
