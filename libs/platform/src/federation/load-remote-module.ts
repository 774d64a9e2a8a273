import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName } from '../config/runtime-config';
import { whenRemoteRegistered } from './remote-route-tables';

export type RemoteLoader = (id: string) => Promise<unknown>;

export class RemoteLoadTimeoutError extends Error {
  constructor(id: string, timeoutMs: number) {
    super(`${id} did not load within ${timeoutMs} ms`);
    this.name = 'RemoteLoadTimeoutError';
  }
}

// Waits for the remote's manifest, which registers its entry (an embedded section may ask before it has arrived).
// loadRemote can throw synchronously as well as reject; starting it inside then() turns both into a rejection.
export const loadFederatedModule: RemoteLoader = (id) =>
  whenRemoteRegistered(id.split('/')[0] as RemoteName).then(() => loadRemote(id));

/**
 * Loads an exposed component and gives up after `timeoutMs`: the federation runtime waits forever on a server
 * that accepts the connection but never answers.
 */
export function loadRemoteComponent<P>(
  id: string,
  timeoutMs: number,
  loader: RemoteLoader = loadFederatedModule,
): Promise<{ default: ComponentType<P> }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new RemoteLoadTimeoutError(id, timeoutMs)), timeoutMs);
  });
  const load = Promise.resolve()
    .then(() => loader(id))
    .then((module) => ({ default: componentOf<P>(id, module) }));
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

function componentOf<P>(id: string, module: unknown): ComponentType<P> {
  const candidate =
    typeof module === 'object' && module !== null && 'default' in module ? (module as { default: unknown }).default : module;
  if (typeof candidate === 'function' || (typeof candidate === 'object' && candidate !== null)) {
    return candidate as ComponentType<P>;
  }
  throw new Error(`${id} does not export a React component`);
}
