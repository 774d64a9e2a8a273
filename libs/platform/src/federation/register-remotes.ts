import { preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName, type RuntimeConfig } from '../config/runtime-config';
import { remoteFailurePlugin } from './remote-failure-plugin';
import { matchRemote } from './remote-routes';

/** Remote list for `registerRemotes`, with manifest URLs made absolute so remotes' `publicPath: 'auto'` resolves. */
export function remotesFromConfig(config: RuntimeConfig, baseUrl: string, except?: RemoteName) {
  return REMOTE_NAMES.filter((name) => name !== except).map((name) => ({
    name,
    entry: new URL(config.remotes[name], baseUrl).href,
  }));
}

/**
 * Tells the federation runtime where each remote lives, as the runtime config says (no build-time remotes).
 * A standalone remote passes its own name as `except`: its modules are local.
 */
export function registerRuntimeRemotes(config: RuntimeConfig, except?: RemoteName): void {
  registerPlugins([remoteFailurePlugin()]);
  registerRemotes(remotesFromConfig(config, window.location.href, except));
}

/**
 * Starts fetching the remote that owns `pathname` (its entry, and the chunks its App needs at once, in parallel)
 * as soon as the remotes are known, instead of when React first renders the route, and one file after another.
 * A failure is left to the route's own load, which shows it.
 */
export function preloadRemoteOfPath(pathname: string): void {
  const match = matchRemote(pathname);
  if (!match) return;
  preloadRemote([{ nameOrAlias: match.remote, exposes: ['./App'], resourceCategory: 'sync' }]).catch(() => undefined);
}
