import { type ConversionConfig, type JsonSchema, toJsonSchema, toJsonSchemaDefs } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { CategoryNode, CategoryRecord, CategoryRef } from '#api/category.ts';
import { type Call, Image } from '#api/common.ts';
import { Curve } from '#api/curves.ts';
import { Address, CustomerInfo } from '#api/customer.ts';
import type { CallName } from '#api/index.ts';
import { ArticleDetail, ArticleRecord } from '#api/news.ts';
import { SitePage, SlugChange } from '#api/pages.ts';
import { Attribute, ProductDetail, ProductSummary, Resource } from '#api/product.ts';
import { Highlight, SearchResults, Suggestion } from '#api/search.ts';
import { CartLine, Favourite, Order, SavedArticle } from '#api/shop.ts';
import { SolutionDetail, SolutionGroup } from '#api/solutions.ts';
import { ConfigItem, ContentChange } from '#api/system.ts';
import { LOCALES, type Locale, t } from '#i18n/index.ts';
import { fileLimitsOf } from './body/file-limits.ts';
import { ApiError } from './errors.ts';
import { CALL_ERRORS, type ErrorCode, type ErrorMessage, type ErrorsOf, SAMPLE_PARAMS } from './openapi-errors.ts';
import { authedCalls, builderCalls, editorCalls, errorMessage, TOKEN_HEADER } from './router.ts';
import { describeIssue } from './validate.ts';

// The OpenAPI 3.1 document of the contract (decision 0079), generated from its valibot schemas at every
// start: what a call takes and answers cannot drift from what the server checks and the build reads.

/**
 * The contract's schemas the document names under components/schemas, by their names in src/api: those
 * several calls answer, and every recursive one (a recursive schema not named here makes the document
 * throw, rather than point at a `$defs` that is not at the document's root).
 */
const SHARED: Record<string, v.GenericSchema> = {
  Image,
  CategoryRef,
  CategoryNode,
  CategoryRecord,
  ProductSummary,
  Attribute,
  Resource,
  Curve,
  ProductDetail,
  Highlight,
  Suggestion,
  SearchResults,
  SolutionGroup,
  SolutionDetail,
  ArticleRecord,
  ArticleDetail,
  ConfigItem,
  ContentChange,
  SitePage,
  SlugChange,
  CustomerInfo,
  Address,
  CartLine,
  Favourite,
  SavedArticle,
  Order,
};

const COMPONENTS = '#/components/schemas/';

/**
 * The actions JSON Schema cannot say (a trim, a check in code, a length on a field that is a list or a
 * single id): the call's summary or its 400 message says them. Any other thing the converter cannot say
 * makes the document throw, so that no part of the contract is left out of it unseen.
 */
const UNSAID = new Set(['trim', 'to_lower_case', 'check', 'raw_check', 'finite', 'min_length', 'max_length']);

/** The contract's only custom schema is a file (`isFile`), sent as a form's file part. */
const FILE = { type: 'string', format: 'binary' } as const;

const CONVERSION: ConversionConfig = {
  target: 'draft-2020-12',
  errorMode: 'throw',
  overrideAction: ({ valibotAction, jsonSchema, errors }) =>
    errors && UNSAID.has(valibotAction.type) ? jsonSchema : undefined,
  overrideSchema: ({ valibotSchema }) => (valibotSchema.type === 'custom' ? FILE : undefined),
};
/** Answers as they are sent (output), the shared schemas named. */
const ANSWER: ConversionConfig = {
  ...CONVERSION,
  typeMode: 'output',
  definitions: SHARED,
  overrideRef: ({ referenceId }) => COMPONENTS + referenceId,
};
const { definitions: _definitions, ...SHARED_CONFIG } = ANSWER;
/** Requests as they are accepted (input: a form's digits before they become a number), each whole. */
const REQUEST: ConversionConfig = { ...CONVERSION, typeMode: 'input' };

/** A schema without the keys that belong to a document's root, refusing one left pointing into itself. */
function bare(schema: JsonSchema, where: string): Record<string, unknown> {
  const { $schema: _schema, $defs: _defs, ...rest } = schema as Record<string, unknown>;
  if (JSON.stringify(rest).includes('"#/$defs/'))
    throw new Error(`${where}: a recursive schema without a name; add it to SHARED in openapi.ts`);
  return rest;
}

/** The tags of the calls, in the order the reference lists them, each with what its calls are for. */
const TAGS: Record<string, string> = {
  category: 'The category tree and its pages, in either language.',
  product: 'Products, one or a page at a time.',
  search: 'The search box: suggestions as one types, and the results page.',
  solutions: 'Application solutions and their groups.',
  news: 'News and technical articles.',
  system: 'Site settings, page meta, the site’s pages, and the change feed builds read.',
  client: 'Customers’ accounts: email codes, registration, login (the `Satoken` token), profile and addresses.',
  cart: 'The logged-in customer’s cart.',
  favorite: 'The logged-in customer’s favourite products and saved articles.',
  order: 'Order requests from the cart, and the customer’s orders.',
  quote: 'Formal quotes from the cart: numbered, frozen, valid 30 days, as a PDF.',
  inquiry: 'The contact form, with an optional attachment.',
  newsletter: 'Newsletter subscription with a confirmation email.',
  editor: 'The editors’ workspace: content, publishing, releases, uploads, tokens and accounts (a bearer token).',
};

type Example = { summary: string; value: { code: number; msg: string; data: null } };

/**
 * An error answer's examples: each message in both languages, as the server words it, kept once under
 * components/examples (`examples`) and referred to from each answer.
 */
function examplesOf(code: ErrorCode, messages: readonly ErrorMessage[], examples: Record<string, Example>) {
  const refs: Record<string, { $ref: string }> = {};
  for (const message of messages) {
    const [key, params] = typeof message === 'string' ? [message, {}] : message;
    const error = new ApiError(code, key, { ...SAMPLE_PARAMS, ...params });
    for (const locale of LOCALES) {
      // Named by the key, the parameters the entry gives (a 404's thing) and the language.
      const id = [key, ...Object.values(params), locale].join('.');
      examples[id] ??= { summary: `${key} (${locale})`, value: { code, msg: errorMessage(error, locale), data: null } };
      refs[id] = { $ref: `#/components/examples/${id}` };
    }
  }
  return refs;
}

/** A 400 example made as the server makes it: the first problem of a request with an unknown language. */
function invalidInput(call: Call): Record<Locale, string> {
  const parsed = v.safeParse(call.request, { language: 'fr' }, { abortEarly: true });
  const issue = parsed.issues?.[0];
  const describe = (locale: Locale) => (issue ? describeIssue(issue, locale) : t(locale, 'api.notAnObject'));
  return { en: describe('en'), 'zh-CN': describe('zh-CN') };
}

const WHY: Record<ErrorCode, string> = {
  400: 'The request is not one the call takes (its body, a field, or the work asked for).',
  401: 'The call needs a token, and none came or it is not live.',
  403: 'The caller may not make this call.',
  404: 'What the call names does not exist.',
  409: 'The call conflicts with what is stored.',
  413: 'The request body is too large.',
  429: 'Too many requests: try again after the time the message gives.',
  500: 'A fault of the server.',
};

/** Every error a call answers: those of its kind, then its own (openapi-errors.ts). */
function errorsOf(name: CallName, call: Call): ErrorsOf {
  // Every call checks its input (400: its examples are made from the call's own schema, responsesOf).
  const errors: Partial<Record<ErrorCode, ErrorMessage[]>> = { 400: [] };
  const add = (more: ErrorsOf) => {
    for (const [code, messages] of Object.entries(more) as [`${ErrorCode}`, ErrorMessage[]][])
      errors[Number(code) as ErrorCode] = [...(errors[Number(code) as ErrorCode] ?? []), ...messages];
  };
  if (call.method === 'POST') {
    add({ 400: [call.multipart ? 'api.contentTypeForm' : 'api.contentType', 'api.invalidJson', 'api.notAnObject'] });
    add({ 403: ['api.crossSite'], 413: ['api.tooLarge'] });
  }
  if (call.multipart) {
    add({ 400: ['api.invalidForm', ['api.unexpectedFile', { field: call.multipart }]] });
    add({ 413: [fileLimitsOf(call).tooLarge, 'api.tooManyParts', 'api.formFieldTooLong'] });
  }
  if (authedCalls.has(call)) add({ 401: ['api.loginRequired', 'api.sessionInvalid'] });
  const role = editorCalls.get(call);
  if (role) {
    add({ 401: ['api.editorTokenRequired', 'api.editorTokenInvalid'], 429: ['api.editor.tooManyWrongTokens'] });
    if (role === 'admin') add({ 403: ['api.editor.forbidden'] });
  }
  if (builderCalls.has(call)) add({ 401: ['api.builderTokenRequired', 'api.builderTokenInvalid'], 429: ['api.busy'] });
  add(CALL_ERRORS[name] ?? {});
  add({ 500: ['api.internal'] });
  return errors;
}

function responsesOf(name: CallName, call: Call, shared: Record<string, Example>) {
  const responses: Record<string, unknown> = {
    '200': {
      description: '`code` 200, and the answer in `data`.',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              code: { const: 200 },
              msg: { type: 'string', examples: [t('en', 'api.success')] },
              data: bare(toJsonSchema(call.response, ANSWER), `${name}'s answer`),
            },
            required: ['code', 'msg', 'data'],
          },
        },
      },
    },
  };
  const errors = errorsOf(name, call);
  for (const code of Object.keys(errors).map(Number) as ErrorCode[]) {
    const examples: Record<string, Example | { $ref: string }> = examplesOf(code, errors[code] ?? [], shared);
    if (code === 400) {
      const invalid = invalidInput(call);
      for (const locale of LOCALES)
        examples[`validation.${locale}`] = {
          summary: `a field the call refuses (${locale})`,
          value: { code, msg: invalid[locale], data: null },
        };
    }
    responses[String(code)] = {
      description: WHY[code],
      content: { 'application/json': { schema: { $ref: `${COMPONENTS}Error` }, examples } },
    };
  }
  return responses;
}

/** The bodies a POST takes: JSON, and for a call with a file, a form with it (JSON only when the file is optional). */
function requestBodyOf(name: CallName, call: Call) {
  const request = bare(toJsonSchema(call.request, REQUEST), `${name}'s request`);
  const content: Record<string, unknown> = {};
  const properties = { ...((request.properties ?? {}) as Record<string, unknown>) };
  const required = (request.required ?? []) as string[];
  const file = call.multipart;
  if (!file) content['application/json'] = { schema: request };
  else {
    // A JSON body carries no file: it takes the other fields when the file may be left out.
    const { [file]: _file, ...others } = properties;
    if (!required.includes(file)) content['application/json'] = { schema: { ...request, properties: others } };
    content['multipart/form-data'] = { schema: request };
  }
  return {
    // The Content-Type is required, so a body is too: `{}` takes every default.
    required: true,
    content,
  };
}

/** The OpenAPI document of the contract, generated from its valibot schemas. */
export function openApiDocument(contract: Record<CallName, Call>, basePath: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  const examples: Record<string, Example> = {};
  for (const [name, call] of Object.entries(contract) as [CallName, Call][]) {
    if (!TAGS[call.tag]) throw new Error(`${name}: the tag ${call.tag} has no description in openapi.ts`);
    tags.add(call.tag);
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: call.summary,
      tags: [call.tag],
      security: securityOf(call),
    };
    const role = editorCalls.get(call);
    // The role the call needs: the editors' workspace shows what the signed-in role may do.
    if (role) operation['x-editor-role'] = role;
    if (call.method === 'POST') operation.requestBody = requestBodyOf(name, call);
    else {
      const request = bare(toJsonSchema(call.request, REQUEST), `${name}'s request`);
      const required = (request.required ?? []) as string[];
      operation.parameters = Object.entries((request.properties ?? {}) as Record<string, unknown>).map(
        ([field, schema]) => ({ name: field, in: 'query', required: required.includes(field), schema }),
      );
    }
    operation.responses = responsesOf(name, call, examples);
    paths[call.path] = { ...paths[call.path], [call.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'LumenLab Instruments storefront API',
      version: '1',
      description: [
        'Every call answers `{code, msg, data}`: `code` 200 with the answer in `data`, or an error with its HTTP',
        'status as `code`, `msg` a sentence to show, and `data` null. Every request carries `language` (`en`, or',
        '`zh` for Chinese): names, texts and messages come in it. POST bodies are JSON with',
        '`Content-Type: application/json`; the calls that take a file also take `multipart/form-data`.',
      ].join(' '),
    },
    servers: [{ url: basePath }],
    tags: Object.entries(TAGS)
      .filter(([tag]) => tags.has(tag))
      .map(([tag, description]) => ({ name: tag, description })),
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          description: 'An error: `code` is the HTTP status, `msg` a sentence in the request’s language.',
          properties: {
            code: { type: 'integer', enum: Object.keys(WHY).map(Number) },
            msg: { type: 'string' },
            data: { type: 'null' },
          },
          required: ['code', 'msg', 'data'],
        },
        ...Object.fromEntries(
          Object.entries(toJsonSchemaDefs(SHARED, SHARED_CONFIG)).map(([key, schema]) => [key, bare(schema, key)]),
        ),
      },
      examples,
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

/** Who may make a call: anyone (`[]`), a logged-in customer, an editor, or a build. */
function securityOf(call: Call): Record<string, string[]>[] {
  if (builderCalls.has(call)) return [{ editorToken: [] }, { builderKey: [] }];
  if (editorCalls.has(call)) return [{ editorToken: [] }];
  if (authedCalls.has(call)) return [{ satoken: [] }];
  return [];
}
