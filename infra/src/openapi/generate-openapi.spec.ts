import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { generateOpenApi, openApiFile, readControllerOperations, serializeOpenApi, type ControllerOperation } from './generate-openapi.js';

type Document = { paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown; parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>>; components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> } };

describe('OpenAPI document of the public API', () => {
  const operations = readControllerOperations();
  const document = generateOpenApi(operations) as unknown as Document;

  it('is in sync with the controllers and the contracts (run `npm run build -w @academy/infra && npm run generate:openapi -w @academy/infra`)', () => {
    expect(readFileSync(openApiFile, 'utf8')).toBe(serializeOpenApi(generateOpenApi(operations)));
  });

  it('is a valid OpenAPI 3.1 document (swagger-parser: structure, references, JSON Schemas)', async () => {
    const validated = await SwaggerParser.validate(structuredClone(document) as never);
    expect((validated as { openapi?: string }).openapi).toBe('3.1.0');
    const broken = structuredClone(document) as unknown as { paths: Record<string, Record<string, { responses: unknown }>> };
    broken.paths['/api/user/purchase']!.post!.responses = { '200': { content: {} } }; // a response needs a description
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it('lists the public routes of every service and none of the internal or health ones', () => {
    expect(new Set(operations.map((operation) => operation.service))).toEqual(new Set(['catalogue', 'commerce', 'progress']));
    for (const [method, route] of [['post', '/api/user/purchase'], ['get', '/api/course/{id}'], ['post', '/api/educator/add-course'], ['get', '/api/user/enrolled-courses']] as const) {
      expect([method, route, document.paths[route]?.[method] !== undefined]).toEqual([method, route, true]);
    }
    expect(Object.keys(document.paths).filter((route) => route.startsWith('/internal') || route.startsWith('/health'))).toEqual([]);
  });

  it('takes request bodies, query and path parameters from the zod contracts', () => {
    const purchase = document.paths['/api/user/purchase']!.post!;
    expect(purchase.requestBody).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/purchaseRequestSchema' } } } });
    expect(document.components.schemas.purchaseRequestSchema!.required).toEqual(['courseId']);
    expect(Object.keys(document.components.schemas.verifyPaymentRequestSchema!.properties!).sort()).toEqual(['purchaseId', 'razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature']);
    expect(document.paths['/api/course/all']!.get!.parameters!.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(expect.arrayContaining(['query:search']));
    const addCourse = JSON.stringify(document.paths['/api/educator/add-course']!.post!.requestBody);
    expect(addCourse).toContain('multipart/form-data');
    expect(addCourse).toContain('#/components/schemas/newCourseSchema');
  });

  it('marks who may call each route: public, optional token, bearer token with roles', () => {
    expect(document.paths['/api/course/all']!.get!.security).toEqual([]);
    expect(document.paths['/api/course/{id}']!.get!.security).toEqual([{}, { bearer: [] }]);
    expect(document.paths['/api/user/purchase']!.post!.security).toBeUndefined();
    expect(document.paths['/api/user/purchase']!.post!.responses['401']).toBeDefined();
    expect(document.paths['/api/educator/dashboard']!.get!.responses['403']).toBeDefined();
  });

  it('describes every request schema from the contracts: the earnings granularity is a query parameter', () => {
    expect(JSON.stringify(document)).not.toContain('x-schema-outside-contracts');
    const granularity = document.paths['/api/educator/earnings']!.get!.parameters!.find((parameter) => parameter.name === 'granularity');
    expect(granularity).toMatchObject({ in: 'query', required: false, schema: { enum: ['day', 'month'], default: 'day' } });
  });

  it('refuses a route the route table does not send to its service, and a schema that is not in the contracts', () => {
    const stray: ControllerOperation = { service: 'commerce', controller: 'StrayController', streaming: false, method: 'get', route: '/api/course/all', file: 'x.controller.ts', handler: 'x', auth: 'public', roles: [], status: 200, summary: '', returns: 'void', params: [] };
    expect(() => generateOpenApi([stray])).toThrow('is not routed to commerce by infra/routes.json');
    expect(() => generateOpenApi([{ ...stray, service: 'catalogue', body: { schema: 'localSchema' } }])).toThrow('localSchema is not a zod schema exported by @academy/contracts');
  });
});
