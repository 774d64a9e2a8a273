import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { readServiceOperations, type ControllerOperation } from '../openapi/generate-openapi.js';
import { routesFile } from '../paths.js';
import { loadRouteTable, matchRoute } from '../routes/route-table.js';
import { apiRoutesFile, apiRoutesText, compactJson, routeTableText } from './generate-api-routes.js';
import { answerType } from './api-routes-module.js';
import { apiPrefixes, staticPrefix } from './route-prefixes.js';

const operation = (route: string, service: ControllerOperation['service'], extra: Partial<ControllerOperation> = {}): ControllerOperation => ({
  service,
  controller: 'TestController',
  streaming: false,
  method: 'get',
  route,
  file: 'test.controller.ts',
  handler: 'handle',
  auth: 'bearer',
  roles: [],
  status: 200,
  summary: '',
  returns: 'unknown',
  params: [],
  ...extra,
});

describe('routes derived from the controllers', () => {
  const operations = readServiceOperations();

  it('infra/routes.json and libs/contracts/src/api-routes.ts are in sync with the controllers (run `npm run build -w @academy/infra && npm run generate:api-routes -w @academy/infra`)', () => {
    expect(readFileSync(routesFile, 'utf8')).toBe(routeTableText(operations));
    expect(readFileSync(apiRoutesFile, 'utf8')).toBe(apiRoutesText(operations));
  });

  it('sends every public route to the service whose controller declares it, the event stream unbuffered', () => {
    const table = loadRouteTable();
    for (const declared of operations) {
      const routed = matchRoute(table, declared.route.replace(/[:*]\w+/g, 'x'));
      expect([declared.route, routed.kind === 'service' ? routed.service : routed.kind]).toEqual([declared.route, declared.service]);
    }
    expect(matchRoute(table, '/api/notifications/stream')).toMatchObject({ kind: 'service', service: 'progress', streaming: true });
    expect(matchRoute(table, '/api/notifications')).toMatchObject({ kind: 'service', service: 'progress', streaming: false });
    expect(matchRoute(table, '/api/no-such-route')).toEqual({ kind: 'api-not-found' });
  });

  it('keeps one prefix per static part and drops those a shorter prefix already routes the same way', () => {
    expect(staticPrefix('/api/course/:id/reviews')).toBe('/api/course/');
    expect(staticPrefix('/api/user/data')).toBe('/api/user/data');
    const base = { services: loadRouteTable().services, denied: ['/internal/'], apiNotFoundPrefix: '/api/', static: [], noCacheFiles: [] };
    const api = apiPrefixes(
      [operation('/api/course/:id', 'catalogue'), operation('/api/course/all', 'catalogue'), operation('/api/course/by-educator/:id', 'catalogue'), operation('/api/course-sales', 'commerce')],
      base,
    );
    expect(api).toEqual([{ prefix: '/api/course-sales', service: 'commerce' }, { prefix: '/api/course/', service: 'catalogue' }]);
  });

  it('refuses two services under one static part, naming the route', () => {
    const base = { services: loadRouteTable().services, denied: [], apiNotFoundPrefix: '/api/', static: [], noCacheFiles: [] };
    expect(() => apiPrefixes([operation('/api/things/:id', 'catalogue'), operation('/api/things/:id/sales', 'commerce')], base)).toThrow(
      '/api/things/:id/sales (test.controller.ts) and another route give /api/things/ to catalogue and commerce',
    );
  });

  it('types an answer only with names the contracts export', () => {
    const imports = new Set<string>();
    expect(answerType('{ success: true; courses: CourseSummary[] }', new Set(['CourseSummary']), imports)).toBe('{ success: true; courses: CourseSummary[] }');
    expect([...imports]).toEqual(['CourseSummary']);
    expect(answerType('{ success: true; row: LocalRow }', new Set(['CourseSummary']), new Set())).toBe('unknown');
    expect(answerType('void', new Set(), new Set())).toBe('unknown');
  });

  it('writes the table as a person would: short objects on one line', () => {
    expect(compactJson({ api: [{ prefix: '/api/x', service: 'catalogue' }], denied: ['/internal/'] })).toBe(
      '{\n  "api": [{ "prefix": "/api/x", "service": "catalogue" }],\n  "denied": ["/internal/"]\n}',
    );
  });
});
