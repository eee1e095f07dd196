import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { type Call, envelope } from '#api/common.ts';
import { authedCalls, builderCalls, editorCalls, TOKEN_HEADER } from './router.ts';

const schema = (value: v.GenericSchema) =>
  toJsonSchema(value, { errorMode: 'ignore', typeMode: 'output' }) as Record<string, unknown>;

/** The OpenAPI document of the contract, generated from its valibot schemas. */
export function openApiDocument(calls: Call[], basePath: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const request = schema(call.request);
    const operation: Record<string, unknown> = {
      summary: call.summary,
      tags: [call.tag],
      responses: {
        '200': {
          description:
            '`code` 200 and the data; errors carry their code (400, 401, 404, 409, 413, 429, 500) and `msg`.',
          content: { 'application/json': { schema: schema(envelope(call.response)) } },
        },
      },
    };
    if (authedCalls.has(call)) operation.security = [{ satoken: [] }];
    const role = editorCalls.get(call);
    if (role) {
      operation.security = [{ editorToken: [] }];
      // The role the call needs: the editors' workspace shows what the signed-in role may do.
      operation['x-editor-role'] = role;
    }
    if (builderCalls.has(call)) operation.security = [{ editorToken: [] }, { builderKey: [] }];
    if (call.method === 'POST') {
      const content: Record<string, unknown> = { 'application/json': { schema: request } };
      // A call that takes a file also takes its fields as multipart/form-data, the file as binary.
      if (call.multipart) {
        const properties = { ...((request.properties ?? {}) as Record<string, unknown>) };
        properties[call.multipart] = { type: 'string', format: 'binary' };
        content['multipart/form-data'] = { schema: { ...request, properties } };
      }
      operation.requestBody = { required: false, content };
    } else {
      const properties = (request.properties ?? {}) as Record<string, unknown>;
      operation.parameters = Object.entries(properties).map(([name, property]) => ({
        name,
        in: 'query',
        schema: property,
      }));
    }
    paths[call.path] = { ...paths[call.path], [call.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'LumenLab Instruments storefront API',
      version: '1',
      description:
        'Every call answers `{code, msg, data}`; success only when code is 200. Every payload carries `language` (`en` or `zh`).',
    },
    servers: [{ url: basePath }],
    paths,
    components: {
      securitySchemes: {
        satoken: {
          type: 'apiKey',
          in: 'header',
          name: TOKEN_HEADER,
          description: 'The token /client/login answers; without a live one these calls answer 401.',
        },
        editorToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An editor token from `npm run editor -- create --email E --role editor|admin` or /editor/token/create; without a live one these calls answer 401, and a call that needs the admin role (`x-editor-role`) answers an editor 403.',
        },
        builderKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The key an API process that builds hands the build it starts (never stored, new each start); calls for builds take it or an editor token.',
        },
      },
    },
  };
}
