import { createContext, useContext, type ReactNode } from 'react';
import type { RuntimeConfig } from './runtime-config';

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}

/** The validated runtime config; only usable under `PlatformProviders` (the shell or a standalone host). */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) {
    throw new Error('useRuntimeConfig() needs <PlatformProviders config={...}> above it (load the config first)');
  }
  return config;
}

/** Same as useRuntimeConfig but null outside the providers, for components that also render in isolation. */
export function useOptionalRuntimeConfig(): RuntimeConfig | null {
  return useContext(RuntimeConfigContext);
}
