/**
 * The OpenAPI 3.1 document, generated from the endpoint registry and the zod
 * schemas of src/api (JSON Schema draft 2020-12 is OpenAPI 3.1's dialect).
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { type Endpoint, failureEnvelope, headerNames, successEnvelope } from '../../contract/endpoint.ts';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

const headerParameters = {
  Merchant: {
    name: headerNames.merchant,
    in: 'header',
    required: true,
    description: 'Merchant code (exactly one).',
    schema: { type: 'string' },
  },
  Authorization: {
    name: headerNames.authorization,
    in: 'header',
    required: false,
    description: 'The raw session token (no "Bearer" prefix).',
    schema: { type: 'string' },
  },
  Language: {
    name: headerNames.language,
    in: 'header',
    required: false,
    description: "Language code (EN, CN, ...); the merchant's default when missing or not enabled.",
    schema: { type: 'string' },
  },
  Device: {
    name: headerNames.device,
    in: 'header',
    required: false,
    description: 'OTHERS when running as an installed web app.',
    schema: { type: 'string' },
  },
  DeviceId: {
    name: headerNames.deviceId,
    in: 'header',
    required: false,
    description: 'Device id kept in localStorage (login and registration).',
    schema: { type: 'string' },
  },
} as const;

const ref = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const failureResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
});

function queryParameters(schema: z.ZodMiniType | undefined): JsonSchema[] {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

function pathParameters(path: string): JsonSchema[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

function operationId(endpoint: Endpoint): string {
  const words = endpoint.path
    .split(/[/:.-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return endpoint.method.toLowerCase() + words.join('');
}

export function buildOpenApiDocument(endpoints: readonly Endpoint[]): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const authorization = endpoint.auth ? { ...headerParameters.Authorization, required: true } : ref('Authorization');
    const operation: Record<string, unknown> = {
      operationId: operationId(endpoint),
      summary: endpoint.summary,
      tags: [endpoint.tag],
      parameters: [
        ref('Merchant'),
        authorization,
        ref('Language'),
        ref('Device'),
        ref('DeviceId'),
        ...pathParameters(endpoint.path),
        ...queryParameters(endpoint.query),
      ],
      responses: {
        '200': {
          description: 'Success envelope',
          content: { 'application/json': { schema: jsonSchema(successEnvelope(endpoint.value), 'output') } },
        },
        '4XX': failureResponse('Client error: failure envelope with an errorCode (i18n key)'),
        '5XX': failureResponse('Server error: failure envelope, errorCode system.error'),
      },
    };
    if (endpoint.auth) operation.security = [{ token: [] }];
    if (endpoint.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
      };
    }
    if (endpoint.encrypted) {
      // The wire body is `{ value }` sealed with the key of GET /wps/system/publicKey (src/api/crypto.ts).
      operation.parameters = [
        ...(operation.parameters as unknown[]),
        { name: headerNames.encryption, in: 'header', required: true, schema: { const: 'RSA' } },
      ];
      operation['x-encrypted-payload'] = jsonSchema(endpoint.encrypted, 'input');
    }
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mobile platform API',
      version: '0.1.0',
      description:
        'Every answer is an envelope: `{ success: true, value }` or, with a 4xx/5xx status, `{ success: false, errorCode, message }`.',
    },
    paths,
    components: {
      parameters: headerParameters,
      schemas: { Failure: jsonSchema(failureEnvelope, 'output') },
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
    },
  };
}

export const openApiPath = '/wps/docs';

export function registerOpenApiRoute(app: FastifyInstance): void {
  let cached: JsonSchema | null = null;
  app.get(openApiPath, { config: { merchant: false } }, async () => {
    cached ??= buildOpenApiDocument(app.endpointRegistry);
    return cached;
  });
}
