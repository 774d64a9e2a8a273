import { act, renderHook } from '@testing-library/react';
import { registerPlugins } from '@module-federation/enhanced/runtime';
import { testRuntimeConfig } from '../testing';
import {
  learnRemoteRoutes,
  resetRemoteRouteTables,
  retryRemoteRoutes,
  routeTableOfManifest,
  sharedManifestPlugin,
  useRemoteOfPath,
  whenRemoteOfPathKnown,
} from './remote-route-tables';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerPlugins: jest.fn(), preloadRemote: jest.fn() }));

const manifest = (portalRoutes: unknown) => ({ id: 'x', name: 'x', metaData: { portalRoutes }, shared: [], exposes: [], remotes: [] });
const manifests: Record<string, unknown> = {
  '/mfe/learner/mf-manifest.json': manifest({ pages: ['/', '/course/:id', '/whats-new'] }),
  '/mfe/educator/mf-manifest.json': manifest({ pages: ['/educator'], fallbacks: ['/educator/*'], ownChrome: true }),
  '/mfe/info/mf-manifest.json': manifest({ pages: ['/about'] }),
};

/** jsdom has no Response; the plugin builds one for the federation runtime, which reads it with json(). */
class TextResponse {
  constructor(
    private readonly body: string,
    readonly init: { status?: number } = {},
  ) {}
  get ok() {
    return (this.init.status ?? 200) < 300;
  }
  get status() {
    return this.init.status ?? 200;
  }
  async text() {
    return this.body;
  }
  async json() {
    return JSON.parse(this.body) as unknown;
  }
}
Object.defineProperty(globalThis, 'Response', { value: TextResponse, configurable: true });

/** Answers the manifests above; `down` names the ones that answer 404. */
function manifestServer(down: string[] = []) {
  return jest.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input));
    if (down.some((remote) => pathname.includes(`/mfe/${remote}/`)) || !(pathname in manifests)) {
      return new TextResponse('not found', { status: 404 });
    }
    return new TextResponse(JSON.stringify(manifests[pathname]));
  });
}

beforeEach(() => {
  resetRemoteRouteTables();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('learnRemoteRoutes', () => {
  it('learns each remote’s pages from its manifest, a page it added included', async () => {
    learnRemoteRoutes(testRuntimeConfig, manifestServer() as unknown as typeof fetch);
    await expect(whenRemoteOfPathKnown('/whats-new')).resolves.toMatchObject({ status: 'found', remote: 'learner' });
    await expect(whenRemoteOfPathKnown('/educator/unknown')).resolves.toMatchObject({ remote: 'educator', ownChrome: true });
    await expect(whenRemoteOfPathKnown('/nowhere')).resolves.toEqual({ status: 'none' });
  });

  it('hands the federation runtime the manifests it fetched, so none is fetched twice', async () => {
    const server = manifestServer();
    learnRemoteRoutes(testRuntimeConfig, server as unknown as typeof fetch);
    expect(registerPlugins).toHaveBeenCalledWith([expect.objectContaining({ name: 'academy-shared-manifests' })]);
    const learnerUrl = new URL('/mfe/learner/mf-manifest.json', window.location.href).href;
    const response = await (sharedManifestPlugin().fetch!(learnerUrl, {}) as Promise<Response>);
    expect(await response.json()).toEqual(manifests['/mfe/learner/mf-manifest.json']);
    expect(server).toHaveBeenCalledTimes(3);
    expect(sharedManifestPlugin().fetch!(new URL('/elsewhere.json', window.location.href).href, {})).toBeUndefined();
  });

  it('updates the hook as manifests arrive, and Retry asks a failed remote again', async () => {
    const failingInfo = manifestServer(['info']);
    learnRemoteRoutes(testRuntimeConfig, failingInfo as unknown as typeof fetch);
    const { result } = renderHook(() => useRemoteOfPath('/about'));
    expect(result.current).toEqual({ status: 'pending' });
    await act(() => whenRemoteOfPathKnown('/about').then(() => undefined));
    expect(result.current).toEqual({ status: 'unavailable', remotes: ['info'] });

    failingInfo.mockImplementation(manifestServer().getMockImplementation()!);
    act(() => retryRemoteRoutes());
    await act(() => whenRemoteOfPathKnown('/about').then(() => undefined));
    expect(result.current).toMatchObject({ status: 'found', remote: 'info' });
  });
});

describe('routeTableOfManifest', () => {
  it('fills the defaults and refuses a manifest without a page list', () => {
    expect(routeTableOfManifest(manifest({ pages: ['/about'] }), 'u')).toEqual({ pages: ['/about'], fallbacks: [], ownChrome: false });
    expect(() => routeTableOfManifest(manifest(undefined), 'u')).toThrow('u publishes no valid page list (metaData.portalRoutes)');
    expect(() => routeTableOfManifest(manifest({ pages: ['about'] }), 'u')).toThrow(/no valid page list/);
  });
});
