import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readServiceOperations, type ControllerOperation } from '../openapi/generate-openapi.js';
import { repoRoot, routesFile } from '../paths.js';
import type { RouteTable } from '../routes/route-table.js';
import { apiRoutesModule, contractExports } from './api-routes-module.js';
import { apiPrefixes } from './route-prefixes.js';

// The services' controllers are the one declaration of each API route (method, path, who may call it, the zod
// schemas of its input, its answer type). From them this writes what the rest of the portal reads: the edge's and
// nginx's route table (the `api` part of infra/routes.json) and the front end's typed route list
// (libs/contracts/src/api-routes.ts). The OpenAPI document is written from them too (generate-openapi.ts).

export const contractsSource = path.join(repoRoot, 'libs', 'contracts', 'src');
export const apiRoutesFile = path.join(contractsSource, 'api-routes.ts');

/** JSON as the route table is written by hand: an object or list that fits on a line stays on one line. */
export function compactJson(value: unknown, indent = ''): string {
  const inline = (item: unknown): string =>
    Array.isArray(item)
      ? `[${item.map(inline).join(', ')}]`
      : item !== null && typeof item === 'object'
        ? `{ ${Object.entries(item).map(([key, inner]) => `${JSON.stringify(key)}: ${inline(inner)}`).join(', ')} }`
        : JSON.stringify(item);
  const oneLine = inline(value);
  if (indent !== '' && oneLine.length <= 100) return oneLine;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((item) => `${inner}${compactJson(item, inner)}`).join(',\n')}\n${indent}]`;
  if (value !== null && typeof value === 'object') {
    return `{\n${Object.entries(value).map(([key, item]) => `${inner}${JSON.stringify(key)}: ${compactJson(item, inner)}`).join(',\n')}\n${indent}}`;
  }
  return oneLine;
}

/** infra/routes.json with its `api` part derived from the operations; the rest (ports, static mounts) kept. */
export function routeTableText(operations: readonly ControllerOperation[], current: string = readFileSync(routesFile, 'utf8')): string {
  const table = JSON.parse(current) as RouteTable;
  return `${compactJson({ ...table, api: apiPrefixes(operations, table) })}\n`;
}

export function apiRoutesText(operations: readonly ControllerOperation[]): string {
  return apiRoutesModule(operations, contractExports(contractsSource));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const operations = readServiceOperations();
  writeFileSync(routesFile, routeTableText(operations));
  writeFileSync(apiRoutesFile, apiRoutesText(operations));
  console.log(`wrote ${path.relative(repoRoot, routesFile)} (api part) and ${path.relative(repoRoot, apiRoutesFile)} from ${operations.length} routes`);
}
