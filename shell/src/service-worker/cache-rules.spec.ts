import { isHashedFile, isRemoteEntryFile, isRemoteFile, SERVER_ONLY_PATHS, splitShellFiles } from './cache-rules';

const url = (path: string, origin = 'https://academy.example') => new URL(path, origin);

describe('the service worker’s cache rules', () => {
  it('treats a remote’s entry and manifest as what says which version is deployed (network first), wherever it is served', () => {
    expect(isRemoteEntryFile(url('/mfe/learner/remoteEntry.js'))).toBe(true);
    expect(isRemoteEntryFile(url('/mfe/learner/mf-manifest.json'))).toBe(true);
    expect(isRemoteEntryFile(url('/learner/v2/remoteEntry.js', 'https://cdn.example'))).toBe(true);
    expect(isRemoteEntryFile(url('/mfe/learner/page-home.1a2b3c4d.js'))).toBe(false);
  });

  it('keeps hashed remote files cache first: under /mfe/ on our origin, scripts, styles and strings on a CDN', () => {
    expect(isRemoteFile(url('/mfe/learner/page-home.1a2b3c4d.js'), true) && isHashedFile(url('/mfe/learner/page-home.1a2b3c4d.js'))).toBe(true);
    expect(isRemoteFile(url('/main.1a2b3c4d.js'), true)).toBe(false); // the shell's own: precached instead
    expect(isRemoteFile(url('/learner/564.93edd854.js', 'https://cdn.example'), false)).toBe(true);
    expect(isRemoteFile(url('/learner/i18n-learner-hi-json.93edd854.json', 'https://cdn.example'), false)).toBe(true);
    expect(isRemoteFile(url('/avatar.png', 'https://cdn.example'), false)).toBe(false);
    expect(isHashedFile(url('/mfe/learner/remoteEntry.js'))).toBe(false);
  });

  it('never answers the API, media, remote files or a file with the shell’s page', () => {
    const serverOnly = (path: string) => SERVER_ONLY_PATHS.some((pattern) => pattern.test(path));
    for (const path of ['/api/user/data', '/media/notes/1.pdf', '/mfe/learner/x.js', '/runtime-config.json', '/certificate.pdf']) expect([path, serverOnly(path)]).toEqual([path, true]);
    for (const path of ['/', '/my-enrollments', '/player/c1', '/course/42', '/educator/courses']) expect([path, serverOnly(path)]).toEqual([path, false]);
  });

  it('keeps the shell’s hashed scripts on activation and precaches the rest', () => {
    const { precached, keptOnActivation } = splitShellFiles([
      { url: 'main.685b5fde.js', revision: null },
      { url: 'i18n-shell-en-json.68a9ac90.json', revision: null },
      { url: 'main.24db62ea.css', revision: null },
      { url: 'index.html', revision: 'a1b2' },
      { url: 'legacy.js', revision: 'c3d4' },
    ]);
    expect(keptOnActivation).toEqual(['main.685b5fde.js']);
    expect(precached.map((file) => file.url)).toEqual(['i18n-shell-en-json.68a9ac90.json', 'main.24db62ea.css', 'index.html', 'legacy.js']);
  });
});
