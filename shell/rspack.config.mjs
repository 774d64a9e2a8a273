import path from 'node:path';
import { createAppConfig, createServerRenderConfig } from '../tools/rspack/create-app-config.mjs';

const appDir = import.meta.dirname;
const distDir = path.join(appDir, 'dist');

// The host: no build-time remotes; it registers them at run time from /runtime-config.json.
const shellConfig = createAppConfig({ appDir, name: 'shell', title: 'Academy', installable: true });

/**
 * After the service worker is bundled, workbox-build writes the list of the shell's files (with a revision each)
 * into it: a new shell build is a new sw.js, which the browser installs on its next visit.
 */
class InjectPrecacheManifest {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('InjectPrecacheManifest', async () => {
      const { injectManifest } = await import('workbox-build');
      const swFile = path.join(distDir, 'sw.js');
      const { count, size, warnings } = await injectManifest({
        swSrc: swFile,
        swDest: swFile,
        globDirectory: distDir,
        globPatterns: ['index.html', '*.{js,css}', 'i18n-*.json', 'manifest.webmanifest', 'icons/*.png', 'favicon.ico'],
        globIgnores: ['sw.js', '**/*.map'],
        // Hashed names need no cache-busting query: the name is the revision.
        dontCacheBustURLsMatching: /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i,
      });
      for (const warning of warnings) console.warn(`service worker: ${warning}`);
      console.log(`service worker: ${count} shell files listed (${Math.round(size / 1024)} KB; its scripts kept when it activates, the rest precached)`);
    });
  }
}

/** The service worker: its own bundle (a worker, no federation), built after the shell so it can list its files. */
function serviceWorkerConfig(mode) {
  return {
    name: 'service-worker',
    dependencies: ['shell'],
    context: appDir,
    mode,
    target: 'webworker',
    devtool: false,
    entry: { sw: './src/service-worker/service-worker.ts' },
    output: { path: distDir, filename: 'sw.js', clean: false },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [new InjectPrecacheManifest()],
    performance: { hints: false },
  };
}

export default (env, argv = {}) => {
  const app = { ...shellConfig(env, argv), name: 'shell' };
  // The dev server serves the shell alone: a worker caching files during development would only get in the way.
  if (app.mode !== 'production') return app;
  return [app, serviceWorkerConfig(app.mode), createServerRenderConfig({ appDir, name: 'shell' })];
};
