import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RemoteFailure {
  id: string;
  lifecycle: string;
  message: string;
}

/**
 * Federation runtime plugin: every failed remote load (manifest, entry or module) is logged with its id and
 * reported to `onFailure`. It returns no fallback module on purpose, so the failure reaches the remote's error
 * boundary, whose panel offers a Retry; a fallback module here would hide the error and the Retry with it.
 */
export function remoteFailurePlugin(onFailure: (failure: RemoteFailure) => void = () => {}): ModuleFederationRuntimePlugin {
  return {
    name: 'academy-remote-failure',
    errorLoadRemote({ id, error, lifecycle }) {
      const failure = { id, lifecycle, message: error instanceof Error ? error.message : String(error) };
      console.error(`[federation] could not load ${id} (${lifecycle}): ${failure.message}`);
      onFailure(failure);
      return undefined;
    },
  };
}
