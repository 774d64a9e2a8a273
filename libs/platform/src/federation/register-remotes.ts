import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName, type RuntimeConfig } from '../config/runtime-config';
import { remoteFailurePlugin } from './remote-failure-plugin';

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
