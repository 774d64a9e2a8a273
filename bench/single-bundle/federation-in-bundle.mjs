// Stands in for @module-federation/enhanced/runtime in the single-bundle build: each module a remote exposes
// (the ids the apps load, as in its rspack.config.mjs `exposes`) is a lazy chunk of this bundle.
const exposedModules = {
  'learner/App': () => import('../../mfe-learner/src/App.tsx'),
  'educator/App': () => import('../../mfe-educator/src/App.tsx'),
  'info/App': () => import('../../mfe-info-pages/src/App.tsx'),
  'info/TestimonialsSection': () => import('../../mfe-info-pages/src/sections/TestimonialsSection.tsx'),
  'info/FaqTeaser': () => import('../../mfe-info-pages/src/sections/FaqTeaser.tsx'),
};

export function loadRemote(id) {
  const load = exposedModules[id];
  if (!load) return Promise.reject(new Error(`${id} is not part of the single bundle`));
  return load();
}

export async function preloadRemote() {}
export function registerRemotes() {}
export function registerPlugins() {}
