// One rspack + Module Federation configuration for the shell and every remote, so that shared singletons,
// file naming and the dev server can never drift apart between apps.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { TRANSLATION_FOLDERS } = createRequire(import.meta.url)('../i18n/translation-folders.cjs');

/** Packages every app shares as one instance (docs/architecture.md). */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  // Trailing slash shares every subpath (react-dom/client); without it two React DOMs load.
  'react-dom/',
  // The router through its cut-down facade: react-router-dom shared whole would be 60 KB on every first page.
  '@academy/routing',
  'zustand',
  'notistack',
  '@auth0/auth0-react',
  // One i18next instance: a language change re-renders every mounted remote (each ships its own namespace).
  'i18next',
  // Also react-query (one query cache for the shell and every remote: a purchase in one remote refreshes what another
  // shows) and react-i18next, through the platform's re-exports of the parts the apps use (shared whole, each
  // package was shipped whole: libs/platform/src/api/react-query.ts).
  '@academy/platform',
  '@academy/ui',
];

/** Shared singletons no first page runs: the sign-in SDK and notistack load when needed (docs/performance.md). */
const LOADED_WHEN_NEEDED = new Set(['@auth0/auth0-react', 'notistack']);

/**
 * The singletons every first page runs, bundled into the shell's `main.js` (`eager`) instead of a file each:
 * fewer requests before the first render, and no asynchronous share negotiation for them. The shell still
 * provides them to the remotes through the share scope, so a remote built alone uses the shell's copies as before.
 * The others (LOADED_WHEN_NEEDED) stay separate files.
 */
export const EAGER_IN_SHELL = new Set(SHARED_SINGLETONS.filter((key) => !LOADED_WHEN_NEEDED.has(key)));

/** rspack's persistent build cache, one folder per app (`npm run bench` deletes it for its cold builds). */
export const RSPACK_CACHE_DIR = path.join(workspaceRoot, 'node_modules', '.cache', 'rspack');

/** Local dev-server ports fixed in docs/DEVELOPING.md. */
export const DEV_PORTS = { shell: 3001, learner: 3002, educator: 3003, info: 3004 };

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** 'react-dom/' and 'react/jsx-runtime' are versioned by their package ('react-dom', 'react'). */
function packageNameOf(shareKey) {
  const parts = shareKey.replace(/\/$/, '').split('/');
  return shareKey.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Installed version, searched from the app folder upwards like Node does. */
function installedVersion(appDir, packageName) {
  for (let dir = appDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', packageName, 'package.json');
    if (existsSync(candidate)) return readJson(candidate).version;
    if (dir === path.dirname(dir)) break;
  }
  throw new Error(`Shared package ${packageName} is not installed (needed by ${appDir})`);
}

/**
 * Builds the `shared` map: each singleton with the range the app declares in its package.json and the exact
 * installed version. Workspace libraries are declared as "*", so their real version is given explicitly.
 */
export function sharedSingletons(appDir, declared, { isHost = false } = {}) {
  const shared = {};
  for (const key of SHARED_SINGLETONS) {
    const packageName = packageNameOf(key);
    const version = installedVersion(appDir, packageName);
    const range = declared[packageName];
    const requiredVersion = !range || range === '*' ? `^${version}` : range;
    shared[key] = { singleton: true, requiredVersion, version, ...(isHost && EAGER_IN_SHELL.has(key) ? { eager: true } : {}) };
  }
  return shared;
}

/**
 * @param {object} options
 * @param {string} options.appDir        folder holding the app's package.json
 * @param {'shell'|'learner'|'educator'|'info'} options.name  federation name (remote names of DEVELOPING.md)
 * @param {string} options.title         HTML page title
 * @param {Record<string,string>} [options.exposes]  remote modules; omit for the host
 * @param {string} [options.pagesFile]  a remote's own page list (`src/pages.json`), published in its manifest
 * @param {boolean} [options.installable]  the page links the web app manifest (the shell: the portal installs as an app)
 */
export function createAppConfig({ appDir, name, title, exposes, pagesFile, installable = false }) {
  const isHost = !exposes;
  const routeTable = pagesFile ? readRouteTable(path.resolve(appDir, pagesFile)) : undefined;
  const packageJson = readJson(path.join(appDir, 'package.json'));
  const declared = { ...packageJson.dependencies, ...packageJson.devDependencies };
  const edgeUrl = process.env.PORTAL_URL ?? `http://localhost:${process.env.PORTAL_PORT ?? 8080}`;

  return (_env, argv = {}) => {
    const isProduction = (argv.mode ?? process.env.NODE_ENV) !== 'development';
    const federationEsm = federationPackagesAsEsm();
    return {
      context: appDir,
      mode: isProduction ? 'production' : 'development',
      devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
      // Rebuilding one remote after an edit reuses what did not change (modules, their transforms); a change to
      // this file, the app's config or the lock file starts afresh.
      cache: {
        type: 'persistent',
        buildDependencies: [fileURLToPath(import.meta.url), path.join(appDir, 'rspack.config.mjs'), path.join(workspaceRoot, 'package-lock.json')],
        storage: { type: 'filesystem', directory: path.join(RSPACK_CACHE_DIR, isProduction ? name : `${name}-dev`) },
      },
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(appDir, 'dist'),
        // The shell answers deep links (/course/42) with index.html, so its files must load from the root;
        // remotes are served under /mfe/<name>/ (or a CDN) and find their chunks relative to remoteEntry.
        publicPath: isHost ? '/' : 'auto',
        uniqueName: `academy_${name}`,
        filename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
        cssFilename: isProduction ? '[name].[contenthash:8].css' : '[name].css',
        cssChunkFilename: isProduction ? '[name].[contenthash:8].css' : '[name].css',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
        // ESM-style imports ('./AboutPage.js') reach the TypeScript source.
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        // Bundle the contracts from source: `npm run dev -w <app>` then works without building libs/contracts
        // first (its package exports dist/ for the Node services).
        alias: { '@academy/contracts$': path.join(workspaceRoot, 'libs/contracts/src/index.ts'), ...federationEsm.aliases },
      },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !isProduction } },
                target: 'es2020',
              },
            },
            type: 'javascript/auto',
          },
          translationFileRule({ appDir, emit: true }),
          { test: /\.css$/, type: 'css' },
          { test: /\.(png|jpe?g|gif|svg|webp|avif|ico)$/i, type: 'asset' },
          { test: /\.(mp4|webm|woff2?|pdf)$/i, type: 'asset/resource' },
        ],
      },
      plugins: [
        ...federationEsm.plugins,
        new MinifiedTranslationFiles(),
        ...(isProduction ? [new PrecompressedCopies()] : []),
        ...(isProduction ? [eagerCompileHint()] : []),
        // /favicon.ico for what is not an HTML page of ours (a PDF or a video opened in its own tab), which browsers
        // ask the site for; the pages themselves use the inline icon below.
        ...(isHost ? [new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(appDir, 'public') }] })] : []),
        new rspack.HtmlRspackPlugin({
          templateContent: htmlPage(title, installable),
          // A remote's own container entry must not run on its standalone page (Nx provider template).
          excludeChunks: isHost ? [] : [name],
          // The standalone dev page answers deep links (/course/42) too, so its script must load from the root;
          // the chunks themselves keep publicPath 'auto' for when the shell loads this remote.
          ...(isHost || isProduction ? {} : { publicPath: '/' }),
        }),
        new ModuleFederationPlugin({
          name,
          ...(isHost
            ? { remotes: {} } // no build-time remotes: the shell registers them from runtime-config.json
            : { filename: 'remoteEntry.js', exposes }),
          // A remote's pages go into its mf-manifest.json, which the shell fetches at run time to learn them:
          // adding a page rebuilds and redeploys that remote only (docs/architecture.md).
          // Each page's first screen (its files, API data and largest image) also goes there, for the edge's preloads.
          // Every app's manifest also names its translation files per language, for the edge to preload with a page.
          // The shell's also names the files a kept sign-in needs at start, for the edge to preload for a signed-in visitor.
          manifest: {
            additionalData: ({ stats, compilation }) => withPortalData(stats, compilation, { routeTable, ownNamespaces: isHost ? [name, ...SHELL_LIBRARY_NAMESPACES] : [name], isHost }),
          },
          dts: false,
          shareStrategy: 'loaded-first',
          // One federation runtime on the page: the shell provides it, production remotes use it instead of
          // carrying their own copy in remoteEntry.js (~35 KB compressed each). A remote's standalone dev page
          // (development mode) keeps its own, as it runs without the shell.
          // `target: 'web'` drops the runtime's Node.js code paths; `disableSnapshot` its manifest reading and preloading
          // (1.2 KB of the first page): the platform reads each remote's manifest for its pages anyway, and registers
          // the remote by the entry it names (libs/platform/src/federation/register-remotes.ts).
          experiments: {
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: isProduction }),
            optimization: { target: 'web', disableSnapshot: true },
          },
          shared: sharedSingletons(appDir, declared, { isHost }),
        }),
      ],
      performance: { hints: false },
      devServer: {
        port: DEV_PORTS[name],
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // The edge (npm start) answers the API, media and runtime config; /mfe lets the dev shell reach the
        // remotes the edge serves, so any one app can be developed alone against the running portal.
        proxy: [{ context: ['/api', '/media', '/runtime-config.json', '/mfe'], target: edgeUrl, changeOrigin: true }],
      },
    };
  };
}

/**
 * The federation's packages (the bundler runtime every app's entry runs, the runtime, its core, the SDK, their error
 * codes) as their ES module builds, not the CommonJS ones rspack resolves them to: their imports can then be
 * tree-shaken. The bundler runtime's CommonJS build `require`d the SDK whole for two small helpers (15.5 KB of a
 * remote's 51 KB `remoteEntry.js`); the shell's runtime core, provided whole to the remotes (its exports are all
 * kept), still took the SDK's parts it never calls. Only the files change (same package, same version): each app
 * keeps its own bundler runtime (it cannot be shared between containers), and every package stays one module per app.
 */
const FEDERATION_PACKAGES_DIR = path.join(workspaceRoot, 'node_modules', '@module-federation');

/** Each export of each federation package whose `require` file has an `import` twin: its specifier and both files. */
function federationCommonJsExports() {
  return readdirSync(FEDERATION_PACKAGES_DIR).flatMap((name) => {
    const packageDir = path.join(FEDERATION_PACKAGES_DIR, name);
    const { exports } = readJson(path.join(packageDir, 'package.json'));
    return Object.entries(exports && typeof exports === 'object' ? exports : {}).flatMap(([subpath, conditions]) => {
      const commonJs = conditions?.require?.default ?? conditions?.require;
      const esm = conditions?.import?.default ?? conditions?.import;
      if (typeof commonJs !== 'string' || typeof esm !== 'string' || !commonJs.endsWith('.cjs') || subpath.includes('*')) return [];
      const specifier = `@module-federation/${name}${subpath === '.' ? '' : subpath.slice(1)}`;
      return [{ specifier, commonJs: path.join(packageDir, commonJs), esm: path.join(packageDir, esm) }];
    });
  });
}

/** The aliases rspack's federation plugin sets to the packages' CommonJS entries (ours, set in the config, win). */
const FEDERATION_PLUGIN_ALIASES = ['@module-federation/runtime', '@module-federation/runtime-tools'];

/**
 * Each package's specifier resolves to its ES module build (an alias, so the file is parsed as a module), and so
 * does the bundler runtime, which the federation plugin names by its CommonJS file's path.
 */
function federationPackagesAsEsm() {
  const swaps = federationCommonJsExports().filter(({ esm }) => existsSync(esm));
  const pluginAliases = swaps.filter(({ specifier }) => FEDERATION_PLUGIN_ALIASES.includes(specifier));
  return {
    aliases: Object.fromEntries([...swaps.map(({ specifier, esm }) => [`${specifier}$`, esm]), ...pluginAliases.map(({ specifier, esm }) => [specifier, esm])]),
    plugins: swaps.map(({ commonJs, esm }) => new rspack.NormalModuleReplacementPlugin(new RegExp(`^${escapeRegExp(commonJs)}$`), esm)),
  };
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A namespace's strings (`import englishStrings from './locales/en.json?url'`, see libs/platform/src/i18n/i18n.ts):
 * the browser fetches them as a JSON file, not as a script chunk: JSON is data to parse, not JavaScript the page
 * parses, compiles and runs (about 11 KB of a first page's scripts were strings). Named `i18n-<namespace>-<language>-json.<hash>.json` from the folder TRANSLATION_FOLDERS gives the
 * namespace, so the manifest can name each language's files (translationFiles) and a reader can tell them apart.
 */
function translationFileRule({ appDir, emit }) {
  return { test: /\.json$/, resourceQuery: /^\?url$/, type: 'asset/resource', generator: { filename: (pathData) => translationFileName(appDir, pathData), emit } };
}

/**
 * The namespace of a translation file's folder, by the folder's path from the workspace (an app may be built from a
 * copy elsewhere, as the journeys that redeploy a remote alone do).
 */
function namespaceOfFolder(folder) {
  const posixFolder = folder.split(path.sep).join('/');
  return Object.entries(TRANSLATION_FOLDERS).find(([, relative]) => posixFolder.endsWith(`/${relative}`))?.[0];
}

/** `pathData.filename` is the file's path from the app's folder, with its query. */
function translationFileName(appDir, pathData) {
  const file = path.resolve(appDir, (pathData.filename ?? '').replace(/\?.*$/, ''));
  const namespace = namespaceOfFolder(path.dirname(file));
  if (!namespace) throw new Error(`${file}: a translation file (?url) must be in a folder of tools/i18n/translation-folders.cjs`);
  return `i18n-${namespace}-${path.basename(file, '.json')}-json.[contenthash:8].json`;
}

/** The translation files without their source's indentation, as a script chunk had them (the learner's English: 28.3 → 23.5 KB). */
class MinifiedTranslationFiles {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('MinifiedTranslationFiles', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'MinifiedTranslationFiles', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE }, (assets) => {
        for (const [file, source] of Object.entries(assets)) {
          if (TRANSLATION_FILE.test(file)) compilation.updateAsset(file, new sources.RawSource(JSON.stringify(JSON.parse(source.source().toString()))));
        }
      });
    });
  }
}

const TRANSLATION_FILE = /^i18n-(.+)-([a-z]{2})-json\.[0-9a-f]+\.json$/;

/**
 * What gets compressed copies: scripts, styles, SVG images and strings (JSON) whose name carries their content hash. Such a file's
 * content never changes, so neither can its copy: a server may send the copy without checking it against the file.
 * `remoteEntry.js` and the manifests keep their names from build to build and are compressed as they go out.
 */
const PRECOMPRESSED_ASSET = /[.-][0-9a-f]{8,}\.(js|css|svg|json)$/;
/** Below this, a compressed copy saves less than its headers cost (nginx's `gzip_min_length` has the same role). */
const PRECOMPRESS_MIN_BYTES = 1024;
const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Copies made by earlier builds, by their content's digest: a rebuild after a one-file edit compresses only what changed. */
const PRECOMPRESSED_CACHE_DIR = path.join(RSPACK_CACHE_DIR, 'precompressed');

/** Writes by rename, so an app built at the same time that reads the same entry never sees half of it. */
async function writeWhole(file, content) {
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, file);
}

/** The brotli and gzip copies of `content`, from the cache or made now (brotli 11 takes seconds on a large script). */
async function compressedCopies(content) {
  const digest = createHash('sha256').update(content).digest('hex');
  const cached = { brotli: path.join(PRECOMPRESSED_CACHE_DIR, `${digest}.br`), gzipped: path.join(PRECOMPRESSED_CACHE_DIR, `${digest}.gz`) };
  try {
    const [brotli, gzipped] = await Promise.all([readFile(cached.brotli), readFile(cached.gzipped)]);
    return { brotli, gzipped };
  } catch {
    // not made by an earlier build
  }
  const [brotli, gzipped] = await Promise.all([
    brotliCompress(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await mkdir(PRECOMPRESSED_CACHE_DIR, { recursive: true });
  await Promise.all([writeWhole(cached.brotli, brotli), writeWhole(cached.gzipped, gzipped)]);
  return { brotli, gzipped };
}

/**
 * V8's explicit compile hint (Chrome 136+): a file that starts with `//# allFunctionsCalledOnLoad` has every function
 * compiled eagerly, off the main thread while the file streams in, instead of each one on the main thread at its
 * first call. Given to the files whose code nearly all runs as soon as they load: the shell's `main.js` (React, the
 * router, the platform), a remote's entry, its exposed modules and its pages' chunks. Compiled lazily, they made the
 * page's longest tasks (docs/performance.md). Not the other chunks (the editor, charts, the player's parts), which
 * a page uses in part. Added after minification, which would drop the comment; the source map follows (one line
 * more).
 */
const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const RUN_ON_LOAD_FILES = /^(main\.[0-9a-f]+|remoteEntry|__federation_expose_[^.]+\.[0-9a-f]+|page-[^.]+\.[0-9a-f]+)\.js$/;

function eagerCompileHint() {
  return new rspack.BannerPlugin({
    banner: EAGER_COMPILE_HINT,
    raw: true,
    include: RUN_ON_LOAD_FILES,
    stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}

/**
 * Writes each hashed script and style also as `<file>.br` (brotli at its best quality) and `<file>.gz`
 * (gzip -9), compressing only content no earlier build compressed. The edge and nginx (`brotli_static`, `gzip_static`) send these to a browser that
 * accepts them; compressing each answer as it goes out has to use a fast level instead (the edge's brotli at 4 is
 * no smaller than gzip -6, nginx's gzip runs at 5), and brotli at 11 is about 15 % smaller than that on our scripts
 * (docs/performance.md). The compression is node:zlib's; this only adds its output to the build, as
 * compression-webpack-plugin does, whose webpack peer dependency would be installed for nothing.
 */
class PrecompressedCopies {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressedCopies', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'PrecompressedCopies', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, async (assets) => {
        const originals = Object.entries(assets).filter(([file, source]) => PRECOMPRESSED_ASSET.test(file) && source.size() >= PRECOMPRESS_MIN_BYTES);
        await Promise.all(
          originals.map(async ([file, source]) => {
            const { brotli, gzipped } = await compressedCopies(source.buffer());
            compilation.emitAsset(`${file}.br`, new sources.RawSource(brotli));
            compilation.emitAsset(`${file}.gz`, new sources.RawSource(gzipped));
          }),
        );
      });
    });
  }
}

/**
 * The manifest's route table (libs/contracts/src/remote-routes.ts) from the remote's `pages.json`: its page
 * patterns, the fallbacks it answers (its own not-found page) and whether it brings its own chrome.
 */
export function readRouteTable(file) {
  const { pages, fallbacks = [], ownChrome = false, firstScreen = {} } = readJson(file);
  const patterns = Object.values(pages ?? {});
  const bad = [...patterns, ...fallbacks].filter((pattern) => typeof pattern !== 'string' || !pattern.startsWith('/'));
  if (patterns.length === 0 || bad.length > 0) {
    throw new Error(`${file}: "pages" must name at least one page, and every pattern must start with / (${bad.join(', ')})`);
  }
  const unknown = Object.keys(firstScreen).filter((name) => !(name in pages));
  if (unknown.length > 0) throw new Error(`${file}: "firstScreen" names pages that "pages" does not list: ${unknown.join(', ')}`);
  return { pages: patterns, fallbacks, ownChrome, pagePatterns: pages, firstScreen };
}

/** The i18n namespaces of the libraries bundled into the shell (EAGER_IN_SHELL): its first render needs their strings too. */
const SHELL_LIBRARY_NAMESPACES = ['platform', 'ui'];

/**
 * The files of each language's strings of the app's own namespaces (TRANSLATION_FILE, named by
 * translationFileName). A remote's copies of the shared libraries' strings are left out: the shell's
 * are the ones used. So is `messages`, loaded only after the first interaction.
 */
function translationFiles(compilation, ownNamespaces) {
  const byLanguage = {};
  for (const file of Object.keys(compilation.assets)) {
    const match = TRANSLATION_FILE.exec(file);
    if (!match || !ownNamespaces.includes(match[1])) continue;
    byLanguage[match[2]] = [...(byLanguage[match[2]] ?? []), file].sort();
  }
  return byLanguage;
}

/**
 * The manifest's `metaData` for the portal: each language's strings (TRANSLATIONS_KEY), a remote's route table, and
 * the shell's sign-in files (SIGN_IN_FILES_KEY).
 */
function withPortalData(stats, compilation, { routeTable, ownNamespaces, isHost }) {
  const metaData = { ...stats.metaData, [TRANSLATIONS_KEY]: compilation ? translationFiles(compilation, ownNamespaces) : {} };
  if (isHost) metaData[SIGN_IN_FILES_KEY] = signInFiles(stats, compilation);
  const withMetaData = { ...stats, metaData };
  return routeTable ? withRouteTable(withMetaData, routeTable, compilation) : withMetaData;
}

/** The shared package the `sign-in` chunk (libs/platform's Auth0 session) runs: a file of its own (LOADED_WHEN_NEEDED). */
const SIGN_IN_SDK = '@auth0/auth0-react';

/**
 * What a page restoring a kept session loads first: the chunk named `sign-in` and the SDK's shared file (both start
 * only after `main.js` has run unless the HTML names them), and the notification bell its chrome then shows, styles
 * included: a signed-in page the edge rendered shows the bell before any script runs.
 */
function signInFiles(stats, compilation) {
  const filesOf = (chunkName, pattern) => {
    const group = compilation?.namedChunkGroups?.get(chunkName);
    return group ? [...group.getFiles()].filter((file) => pattern.test(file)) : [];
  };
  const sdk = stats.shared?.find((shared) => shared.name === SIGN_IN_SDK)?.assets?.js?.sync ?? [];
  return [...new Set([...sdk, ...filesOf('sign-in', /\.js$/), ...filesOf('notification-bell', /\.(js|css)$/)])];
}

/**
 * The manifest's `metaData`: the route table the shell reads, and each listed page's first screen for the edge
 * (FIRST_SCREEN_KEY): the files of its chunk (`import(/* webpackChunkName: "page-<name>" *\/ …)` in the App, with
 * the chunks split off it), the API answers it asks for first, where in them its largest image is, and whether the
 * edge renders it for a signed-in learner.
 */
function withRouteTable(stats, routeTable, compilation) {
  const { pagePatterns, firstScreen, ...table } = routeTable;
  const screens = {};
  for (const [pageName, screen] of Object.entries(firstScreen)) {
    const group = compilation?.namedChunkGroups?.get(`page-${pageName}`);
    const files = group ? [...group.getFiles()].filter((file) => /\.(js|css)$/.test(file)) : [];
    screens[pagePatterns[pageName]] = { files, api: screen.api ?? [], ...(screen.image ? { image: screen.image } : {}), ...(screen.signedIn ? { signedIn: true } : {}) };
  }
  return { ...stats, metaData: { ...stats.metaData, [REMOTE_ROUTES_KEY]: table, [FIRST_SCREEN_KEY]: screens } };
}

/** Same key as REMOTE_ROUTES_KEY in libs/contracts/src/remote-routes.ts (this config runs before anything is built). */
const REMOTE_ROUTES_KEY = 'portalRoutes';
/** Same key as FIRST_SCREEN_KEY in libs/contracts/src/first-screen.ts. */
const FIRST_SCREEN_KEY = 'portalFirstScreen';
/** Same key as TRANSLATIONS_KEY in libs/contracts/src/first-screen.ts. */
const TRANSLATIONS_KEY = 'portalTranslations';
/** Same key as SIGN_IN_FILES_KEY in libs/contracts/src/first-screen.ts. */
const SIGN_IN_FILES_KEY = 'portalSignIn';

// Inline, so no page of ours waits on /favicon.ico.
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%230e7490'/%3E%3Ctext x='16' y='22' font-size='18' font-family='sans-serif' font-weight='700' text-anchor='middle' fill='white'%3EA%3C/text%3E%3C/svg%3E";

/** Same colour as the favicon and the manifest's theme_color (shell/public/manifest.webmanifest). */
const THEME_COLOR = '#0e7490';

function htmlPage(title, installable) {
  const appLinks = installable
    ? `
    <link rel="manifest" href="/manifest.webmanifest" />
    <meta name="theme-color" content="${THEME_COLOR}" />
    <link rel="apple-touch-icon" href="/icons/icon-192.png" />`
    : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Academy: courses and tuition for school students, with expert instructors." />
    <title>${title}</title>
    <link rel="icon" href="${FAVICON}" />${appLinks}
  </head>
  <body>
    <noscript>Academy needs JavaScript to run.</noscript>
    <div id="root"></div>
  </body>
</html>`;
}

export { workspaceRoot };

/**
 * An app's server module (`src/server/first-screen.tsx`): its first screens rendered on the edge with its own
 * components, built for Node beside its browser files, at `dist/.server/first-screen.cjs` (FIRST_SCREEN_SERVER_FILE
 * in contracts). One file with its own React: the edge loads it as deployed, so a remote redeployed alone brings its
 * new pages' render too. Styles are the browser build's (exports only here); built after it, which empties `dist`.
 *
 * @param {{ appDir: string, name: string }} options
 */
export function createServerRenderConfig({ appDir, name }) {
  return {
    name: `${name}-server`,
    dependencies: [name],
    context: appDir,
    mode: 'production',
    target: 'node20',
    devtool: false,
    cache: {
      type: 'persistent',
      buildDependencies: [fileURLToPath(import.meta.url), path.join(appDir, 'rspack.config.mjs'), path.join(workspaceRoot, 'package-lock.json')],
      storage: { type: 'filesystem', directory: path.join(RSPACK_CACHE_DIR, `${name}-server`) },
    },
    entry: { 'first-screen': './src/server/first-screen.tsx' },
    output: { path: path.join(appDir, 'dist', '.server'), filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: { '@academy/contracts$': path.join(workspaceRoot, 'libs/contracts/src/index.ts') },
    },
    // Readable stack traces in the edge's log; the file is never downloaded.
    optimization: { minimize: false, splitChunks: false },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
          type: 'javascript/auto',
        },
        // The edge renders with the strings its server module imports; the browser's files are the browser build's.
        translationFileRule({ appDir, emit: false }),
        { test: /\.css$/, type: 'css', generator: { exportsOnly: true } },
        // The first screens show no image of the build's own (their images are the API's); named as the browser build names them.
        { test: /\.(png|jpe?g|gif|svg|webp|avif|ico|mp4|webm|woff2?|pdf)$/i, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
      // Lazy pages inlined: the edge loads one file.
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    performance: { hints: false },
  };
}
