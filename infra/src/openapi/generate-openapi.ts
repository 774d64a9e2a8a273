import * as contracts from '@academy/contracts';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { z } from 'zod';
import { repoRoot } from '../paths.js';
import { loadRouteTable, matchRoute, type RouteTable, type ServiceName } from '../routes/route-table.js';

/**
 * The public API's OpenAPI 3.1 document, generated (never hand-written) from two sources:
 * - the services' controllers (read with the TypeScript compiler): every route, its method, path parameters,
 *   status, who may call it (public, optional or bearer token, roles) and its doc comment;
 * - the zod schemas of @academy/contracts the controllers validate with (`new ZodValidationPipe(schema)`, and the
 *   multipart `courseData` field): request bodies, query and path parameters, as JSON Schema (`z.toJSONSchema`).
 * Responses are the `{ success, ... }` envelope; their TypeScript type (an interface of the contracts) is named in
 * the description, since interfaces have no runtime schema. Service-to-service (`/internal/`) and health routes
 * are not part of the public API and are left out.
 */

export const openApiFile = path.join(repoRoot, 'docs', 'openapi.json');
const services: ServiceName[] = ['catalogue', 'commerce', 'progress'];
const methods = ['Get', 'Post', 'Put', 'Patch', 'Delete'] as const;

export interface ControllerOperation {
  service: ServiceName;
  /** The controller class, e.g. RefundsController. */
  controller: string;
  /** The handler writes a server-sent event stream (`text/event-stream`): proxies must not buffer it. */
  streaming: boolean;
  method: Lowercase<(typeof methods)[number]>;
  /** Express form, e.g. /api/course/:id */
  route: string;
  file: string;
  handler: string;
  auth: 'public' | 'optional' | 'bearer';
  roles: string[];
  status: number;
  summary: string;
  returns: string;
  body?: { schema: string; multipart?: { jsonField: string; fileField?: string }; formWithFile?: string };
  /** A multipart body holding only a file, in this field (a doubt's image, a thumbnail, captions). */
  fileOnly?: string;
  query?: string;
  params: { name: string; schema?: string }[];
}

/** Routes a service gets from a shared module of service-core it imports (not from a controller of its own). */
function sharedModuleOperations(root: string, service: ServiceName): ControllerOperation[] {
  const appModule = readFileSync(path.join(root, 'services', service, 'src', 'app.module.ts'), 'utf8');
  if (!/\bCspReportsModule\b/.test(appModule)) return [];
  const file = 'services/core/src/security/csp-reports.ts';
  const route = /CSP_REPORTS_ROUTE = '([^']+)'/.exec(readFileSync(path.join(root, file), 'utf8'))?.[1];
  if (!route) throw new Error(`${file} no longer declares CSP_REPORTS_ROUTE`);
  return [{ service, controller: 'CspReportsController', streaming: false, method: 'post', route: `/${route}`, file, handler: 'report', auth: 'public', roles: [], status: 204, summary: 'A browser reports a Content Security Policy violation', returns: 'void', params: [] }];
}

function controllerFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return controllerFiles(full);
    return entry.name.endsWith('.controller.ts') ? [full] : [];
  });
}

function decoratorsOf(node: ts.Node): { name: string; args: ts.NodeArray<ts.Expression> }[] {
  const decorators = ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [];
  return decorators.flatMap((decorator) => {
    const call = decorator.expression;
    if (ts.isCallExpression(call) && ts.isIdentifier(call.expression)) return [{ name: call.expression.text, args: call.arguments }];
    return [];
  });
}

const stringArg = (args: ts.NodeArray<ts.Expression>): string => (args[0] && ts.isStringLiteral(args[0]) ? args[0].text : '');

/** `new ZodValidationPipe(schema)` among a parameter decorator's arguments: the schema's name. */
function pipeSchema(args: ts.NodeArray<ts.Expression>): string | undefined {
  for (const arg of args) {
    if (ts.isNewExpression(arg) && ts.isIdentifier(arg.expression) && arg.expression.text === 'ZodValidationPipe' && arg.arguments?.[0]) {
      return arg.arguments[0].getText();
    }
  }
  return undefined;
}

/** The field name of the FileInterceptor a handler uses (`@UseInterceptors(x)`, x made by `FileInterceptor('field', …)`). */
function fileFieldOf(member: ts.MethodDeclaration, source: ts.SourceFile): string | undefined {
  const interceptors = decoratorsOf(member).find((decorator) => decorator.name === 'UseInterceptors')?.args.map((arg) => arg.getText()) ?? [];
  for (const name of interceptors) {
    const field = new RegExp(`(?:const|class) ${name}\\b[^\\n]*FileInterceptor\\('(\\w+)'`).exec(source.getText())?.[1];
    if (field) return field;
  }
  return /FileInterceptor\('(\w+)'/.exec(source.getText())?.[1];
}

function answerTag(member: ts.MethodDeclaration): string | undefined {
  const tag = ts.getJSDocTags(member).find((candidate) => candidate.tagName.text === 'answer');
  return typeof tag?.comment === 'string' ? tag.comment.trim() : undefined;
}

function joinRoute(prefix: string, sub: string): string {
  return `/${[prefix, sub].filter(Boolean).join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
}

/** Every route of the public API, read from the services' controllers. */
export function readControllerOperations(root: string = repoRoot): ControllerOperation[] {
  const operations: ControllerOperation[] = [];
  for (const service of services) {
    for (const file of controllerFiles(path.join(root, 'services', service, 'src')).sort()) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      for (const statement of source.statements) {
        if (!ts.isClassDeclaration(statement)) continue;
        const classDecorators = decoratorsOf(statement);
        const controller = classDecorators.find((decorator) => decorator.name === 'Controller');
        if (!controller) continue;
        const prefix = stringArg(controller.args);
        const classRoles = classDecorators.filter((decorator) => decorator.name === 'Roles').flatMap((decorator) => decorator.args.map((arg) => arg.getText()));
        const classPublic = classDecorators.some((decorator) => decorator.name === 'Public');
        for (const member of statement.members) {
          if (!ts.isMethodDeclaration(member)) continue;
          const decorators = decoratorsOf(member);
          const verb = decorators.find((decorator) => (methods as readonly string[]).includes(decorator.name));
          if (!verb) continue;
          const route = joinRoute(prefix, stringArg(verb.args));
          if (route.startsWith('/internal') || route.startsWith('/health')) continue;
          const operation: ControllerOperation = {
            service,
            controller: statement.name?.text ?? 'Anonymous',
            streaming: (member.body?.getText() ?? '').includes("'text/event-stream"),
            method: verb.name.toLowerCase() as ControllerOperation['method'],
            route,
            file: path.relative(root, file),
            handler: member.name.getText(),
            auth: classPublic || decorators.some((decorator) => decorator.name === 'Public') ? 'public' : decorators.some((decorator) => decorator.name === 'OptionalAuth') ? 'optional' : 'bearer',
            roles: [...classRoles, ...decorators.filter((decorator) => decorator.name === 'Roles').flatMap((decorator) => decorator.args.map((arg) => arg.getText()))],
            status: Number(decorators.find((decorator) => decorator.name === 'HttpCode')?.args[0]?.getText() ?? (verb.name === 'Post' ? 201 : 200)),
            summary: ts
              .getJSDocCommentsAndTags(member)
              .map((doc) => (ts.isJSDoc(doc) && typeof doc.comment === 'string' ? doc.comment : ''))
              .join(' ')
              .replace(/\s+/g, ' ')
              .trim(),
            // `@answer T` names what a handler that writes its own JSON (cache headers) sends.
            returns: (answerTag(member) ?? member.type?.getText() ?? 'unknown').replace(/^Promise<([\s\S]*)>$/, '$1').replace(/\s+/g, ' '),
            params: [],
          };
          let uploadsFile: string | undefined;
          let uploadedParameter: string | undefined;
          for (const parameter of member.parameters) {
            for (const decorator of decoratorsOf(parameter)) {
              if (decorator.name === 'Body' && decorator.args.length > 0 && !ts.isStringLiteral(decorator.args[0]!)) {
                const schema = pipeSchema(decorator.args);
                if (schema) operation.body = { schema };
              } else if (decorator.name === 'Query') {
                operation.query = pipeSchema(decorator.args);
              } else if (decorator.name === 'Param') {
                operation.params.push({ name: stringArg(decorator.args), schema: pipeSchema(decorator.args) });
              } else if (decorator.name === 'UploadedFile') {
                uploadsFile = 'image';
                uploadedParameter = parameter.name.getText();
              }
            }
          }
          // Multipart: a JSON field parsed with a contracts schema (`parseCourseData(field, schema)`), and the file.
          const multipart = /parseCourseData\((\w+),\s*(\w+)\)/.exec(member.body?.getText() ?? '');
          if (multipart) {
            const interceptor = /FileInterceptor\('(\w+)'/.exec(source.getText())?.[1];
            operation.body = { schema: multipart[2]!, multipart: { jsonField: multipart[1]!, fileField: uploadsFile ? (interceptor ?? uploadsFile) : undefined } };
          } else if (operation.body && uploadedParameter) {
            // Plain form fields (the body schema) beside one file field, named as the handler's parameter.
            operation.body.formWithFile = uploadedParameter;
          } else if (uploadsFile) {
            operation.fileOnly = fileFieldOf(member, source) ?? uploadsFile;
          }
          for (const name of route.match(/[:*](\w+)/g) ?? []) {
            if (!operation.params.some((param) => param.name === name.slice(1))) operation.params.push({ name: name.slice(1) });
          }
          operations.push(operation);
        }
      }
    }
  }
  return operations.sort((a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method));
}

/** The public routes of every service: its controllers' and those of the shared modules it mounts. */
export function readServiceOperations(root: string = repoRoot): ControllerOperation[] {
  return [...readControllerOperations(root), ...services.flatMap((service) => sharedModuleOperations(root, service))].sort(
    (a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method),
  );
}

type JsonSchema = Record<string, unknown>;

function contractSchema(name: string): z.ZodType {
  const value = (contracts as Record<string, unknown>)[name];
  if (!(value instanceof z.ZodType)) throw new Error(`${name} is not a zod schema exported by @academy/contracts (request shapes are defined there)`);
  return value;
}

function jsonSchemaOf(name: string): JsonSchema {
  const schema = z.toJSONSchema(contractSchema(name), { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete schema.$schema;
  return schema;
}

const failure = {
  type: 'object',
  properties: { success: { const: false }, message: { type: 'string', description: 'What went wrong, for people' } },
  required: ['success', 'message'],
};

type UseSchema = (name: string) => { $ref: string };

function parametersOf(operation: ControllerOperation): unknown[] {
  const parameters: unknown[] = operation.params.map((param) => ({
    name: param.name,
    in: 'path',
    required: true,
    schema: param.schema ? jsonSchemaOf(param.schema) : { type: 'string' },
  }));
  if (operation.query) {
    const query = jsonSchemaOf(operation.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  return parameters;
}

function responsesOf(operation: ControllerOperation): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    [String(operation.status)]: {
      description: operation.returns === 'void' ? 'Written by the handler itself (a file, or JSON with cache headers): see x-source' : `\`${operation.returns}\``,
      ...(operation.returns === 'void' ? {} : { content: { 'application/json': { schema: { type: 'object', properties: { success: { type: 'boolean' } }, required: ['success'] } } } }),
    },
  };
  const failureResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiFailure' } } } });
  if (operation.body || operation.query || operation.params.some((param) => param.schema)) responses['400'] = failureResponse('The input does not match the schema; the message names the field');
  if (operation.auth === 'bearer') responses['401'] = failureResponse('No valid access token');
  if (operation.roles.length) responses['403'] = failureResponse(`Only for the role(s) ${operation.roles.join(', ')}`);
  return responses;
}

function requestBodyOf(operation: ControllerOperation, useSchema: UseSchema): unknown {
  if (operation.body?.multipart) {
    const { jsonField, fileField } = operation.body.multipart;
    const properties = { [jsonField]: { type: 'string', contentMediaType: 'application/json', contentSchema: useSchema(operation.body.schema) }, ...(fileField ? { [fileField]: { type: 'string', contentMediaType: 'application/octet-stream' } } : {}) };
    return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties, required: [jsonField] } } } };
  }
  if (operation.body?.formWithFile) {
    const fileField = { type: 'object', properties: { [operation.body.formWithFile]: { type: 'string', contentMediaType: 'application/octet-stream' } } };
    return { required: true, content: { 'multipart/form-data': { schema: { allOf: [useSchema(operation.body.schema), fileField] } } } };
  }
  if (operation.fileOnly) {
    const schema = { type: 'object', properties: { [operation.fileOnly]: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: [operation.fileOnly] };
    return { required: true, content: { 'multipart/form-data': { schema } } };
  }
  return operation.body ? { required: true, content: { 'application/json': { schema: useSchema(operation.body.schema) } } } : undefined;
}

function operationDocument(operation: ControllerOperation, useSchema: UseSchema): Record<string, unknown> {
  const parameters = parametersOf(operation);
  const requestBody = requestBodyOf(operation, useSchema);
  return {
    operationId: `${operation.service}.${operation.handler}`,
    tags: [operation.service],
    ...(operation.summary ? { summary: operation.summary } : {}),
    ...(operation.auth === 'public' ? { security: [] } : operation.auth === 'optional' ? { security: [{}, { bearer: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(operation),
    'x-source': `${operation.file} (${operation.handler})`,
  };
}

/** OpenAPI 3.1 for the public API; checks every route against infra/routes.json on the way. */
export function generateOpenApi(operations: ControllerOperation[] = readControllerOperations(), table: RouteTable = loadRouteTable()): Record<string, unknown> {
  const schemas: Record<string, JsonSchema> = { ApiFailure: failure };
  const useSchema: UseSchema = (name) => {
    schemas[name] ??= jsonSchemaOf(name);
    return { $ref: `#/components/schemas/${name}` };
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const routed = matchRoute(table, operation.route.replace(/[:*]\w+/g, 'x'));
    if (routed.kind !== 'service' || routed.service !== operation.service) {
      throw new Error(`${operation.method.toUpperCase()} ${operation.route} (${operation.file}) is not routed to ${operation.service} by infra/routes.json`);
    }
    (paths[operation.route.replace(/[:*](\w+)/g, '{$1}')] ??= {})[operation.method] = operationDocument(operation, useSchema);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Academy portal public API',
      version: '1.0.0',
      description: 'GENERATED by `npm run generate:openapi -w @academy/infra` from the services\' controllers and the zod schemas of @academy/contracts: do not edit by hand. A test fails when they and this file disagree.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: services.map((name) => ({ name, description: `Served by the ${name} service` })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An Auth0 access token for the API audience' } },
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}

export const serializeOpenApi = (document: Record<string, unknown>): string => `${JSON.stringify(document, null, 2)}\n`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(openApiFile, serializeOpenApi(generateOpenApi()));
  console.log(`wrote ${openApiFile}`);
}
