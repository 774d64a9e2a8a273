import { act, renderHook } from '@testing-library/react';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { testRuntimeConfig } from '../testing';
import {
  learnRemoteRoutes,
  preloadRemoteOfPath,
  resetRemoteRouteTables,
  retryRemoteRoutes,
  routeTableOfManifest,
  useRemoteOfPath,
  whenRemoteOfPathKnown,
  whenRemoteRegistered,
} from './remote-route-tables';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerPlugins: jest.fn(), registerRemotes: jest.fn() }));

/** A manifest as the remotes' build writes it (mf-manifest.json), with the parts the portal reads. */
const manifest = (portalRoutes: unknown, name = 'x', entryName = 'remoteEntry.js') => ({
  id: name,
  name,
  metaData: { name, globalName: name, publicPath: 'auto', remoteEntry: { name: entryName, path: '', type: 'global' }, portalRoutes },
  shared: [],
  exposes: [{ id: `${name}:App`, name: 'App', path: './App', assets: { js: { sync: ['__federation_expose_App.1a2b.js', '1181.3c4d.js'], async: [] }, css: { sync: ['app.5e6f.css'], async: [] } } }],
  remotes: [],
});
const manifests: Record<string, unknown> = {
  '/mfe/learner/mf-manifest.json': manifest({ pages: ['/', '/course/:id', '/whats-new'] }, 'learner'),
  '/mfe/educator/mf-manifest.json': manifest({ pages: ['/educator'], fallbacks: ['/educator/*'], ownChrome: true }, 'educator'),
  '/mfe/info/mf-manifest.json': manifest({ pages: ['/about'] }, 'info'),
};
const onPage = (pathname: string) => new URL(pathname, window.location.href).href;

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
  jest.mocked(registerRemotes).mockClear();
  document.head.replaceChildren();
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

  it('tells the federation runtime each remote’s entry from the manifest it fetched, each fetched once', async () => {
    const server = manifestServer();
    learnRemoteRoutes(testRuntimeConfig, server as unknown as typeof fetch);
    await Promise.all(['learner', 'educator', 'info'].map((remote) => whenRemoteRegistered(remote as 'learner')));
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'learner', entry: onPage('/mfe/learner/remoteEntry.js'), entryGlobalName: 'learner', type: 'global' }],
      { force: false },
    );
    expect(registerRemotes).toHaveBeenCalledTimes(3);
    expect(server).toHaveBeenCalledTimes(3);
  });

  it('replaces a registration only when a manifest read again names another entry', async () => {
    const server = manifestServer(['info']);
    learnRemoteRoutes(testRuntimeConfig, server as unknown as typeof fetch);
    await expect(whenRemoteRegistered('info')).rejects.toThrow('info is unavailable: 404 from');
    manifests['/mfe/info/mf-manifest.json'] = manifest({ pages: ['/about'] }, 'info', 'remoteEntry.v2.js');
    server.mockImplementation(manifestServer().getMockImplementation()!);
    // Asked for while its manifest could not be read: asked again, and the load goes on once it arrives.
    await whenRemoteRegistered('info');
    expect(registerRemotes).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'info', entry: onPage('/mfe/info/remoteEntry.v2.js') })], { force: false });
    manifests['/mfe/info/mf-manifest.json'] = manifest({ pages: ['/about'] }, 'info');
  });

  it('preloads the entry and the App files of the remote serving the page, once each', async () => {
    document.head.innerHTML = `<link rel="preload" as="script" href="${onPage('/mfe/learner/remoteEntry.js')}">`;
    learnRemoteRoutes(testRuntimeConfig, manifestServer() as unknown as typeof fetch);
    preloadRemoteOfPath('/course/42');
    await whenRemoteOfPathKnown('/course/42');
    await Promise.resolve();
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => [link.getAttribute('as'), link.href]);
    expect(preloads).toEqual([
      ['script', onPage('/mfe/learner/remoteEntry.js')],
      ['style', onPage('/mfe/learner/app.5e6f.css')],
      ['script', onPage('/mfe/learner/__federation_expose_App.1a2b.js')],
      ['script', onPage('/mfe/learner/1181.3c4d.js')],
    ]);
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
    expect(() => routeTableOfManifest(manifest(undefined), 'u')).toThrow('u publishes no page list (metaData.portalRoutes)');
    expect(() => routeTableOfManifest(manifest({ fallbacks: ['/about'] }), 'u')).toThrow(/no page list/);
  });
});
