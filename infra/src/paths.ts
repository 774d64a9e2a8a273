import path from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits at src/paths.ts and, once built, dist/paths.js: both are one level under infra/.
export const infraDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(infraDir, '..');
export const routesFile = path.join(infraDir, 'routes.json');
export const dataDir = path.join(repoRoot, '.data');
