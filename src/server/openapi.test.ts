import { createConfig, lintFromString } from '@redocly/openapi-core';
import { expect, test } from 'vitest';
import { contract } from '#api/index.ts';
import { describeApi } from '#tests/support/testing.ts';

/** Every `$ref` in a part of the document. */
function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  return found;
}

/** The node a local `$ref` points at, or undefined. */
function resolve(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], document);
}

const METHODS = ['get', 'post'] as const;
// biome-ignore lint/suspicious/noExplicitAny: the document is checked field by field
type Operation = Record<string, any>;
// biome-ignore lint/suspicious/noExplicitAny: the document is checked field by field
function operationsOf(document: any): [string, string, Operation][] {
  return Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => [path, method, item[method] as Operation] as const),
  ) as [string, string, Operation][];
}

describeApi('the OpenAPI document', (api) => {
  test('redocly lint with its recommended rules finds no error, and no warning but the absent licence', async () => {
    const response = await api.request('/openapi.json');
    const source = await response.text();
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'http://localhost/api/openapi.json', config });
    const described = problems.map(
      (problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`,
    );
    expect(described.filter((line) => line.startsWith('error'))).toEqual([]);
    // The storefront's API is not published under a licence; any other warning is a fault of the document.
    expect(described).toEqual(['warn info-license: Info object should contain `license` field. at #/info']);
  });

  test('every $ref resolves from the document root; the recursive category tree is a named schema', async () => {
    const document = (await api.get('/openapi.json')).body;
    const refs = [...new Set(refsIn(document))];
    expect(refs.filter((ref) => resolve(document, ref) === undefined)).toEqual([]);
    expect(JSON.stringify(document)).not.toContain('$defs');
    const list = document.paths['/category/list'].post.responses['200'].content['application/json'].schema;
    expect(list.properties.data).toEqual({ type: 'array', items: { $ref: '#/components/schemas/CategoryNode' } });
    const node = document.components.schemas.CategoryNode;
    expect(node.properties.children.items).toEqual({ $ref: '#/components/schemas/CategoryNode' });
    // Shared schemas are named once: the search answer and the cart refer to them.
    expect(refs).toEqual(
      expect.arrayContaining(['#/components/schemas/SearchResults', '#/components/schemas/CartLine']),
    );
  });

  test('each operation is named as the contract names its call, and declares who may call it', async () => {
    const document = (await api.get('/openapi.json')).body;
    const operations = operationsOf(document);
    expect(operations.map(([, , operation]) => operation.operationId)).toEqual(Object.keys(contract));
    for (const [name, call] of Object.entries(contract)) {
      const operation = document.paths[call.path][call.method.toLowerCase()];
      expect(operation.operationId, call.path).toBe(name);
      expect(Array.isArray(operation.security), call.path).toBe(true);
    }
    const security = (path: string, method = 'post') => document.paths[path][method].security;
    expect(security('/category/list')).toEqual([]);
    expect(security('/client/login')).toEqual([]);
    expect(security('/client/info', 'get')).toEqual([{ satoken: [] }]);
    expect(security('/shop/cart/save')).toEqual([{ satoken: [] }]);
    expect(security('/editor/product/save')).toEqual([{ editorToken: [] }]);
    expect(security('/system/changes')).toEqual([{ editorToken: [] }, { builderKey: [] }]);
  });

  test('each error answer has its code and its messages in both languages, as the server words them', async () => {
    const document = (await api.get('/openapi.json')).body;
    for (const [path, method, operation] of operationsOf(document)) {
      const codes = Object.keys(operation.responses).filter((code) => code !== '200');
      expect(codes, path).toEqual(expect.arrayContaining(['400', '500']));
      if (method === 'post') expect(codes, path).toEqual(expect.arrayContaining(['403', '413']));
      if (operation.security.length > 0) expect(codes, path).toContain('401');
      for (const code of codes) {
        const content = operation.responses[code].content['application/json'];
        expect(content.schema).toEqual({ $ref: '#/components/schemas/Error' });
        const examples = Object.values(content.examples).map(
          (example) => (resolve(document, (example as { $ref?: string }).$ref ?? '') ?? example) as Operation,
        );
        expect(examples.length, `${path} ${code}`).toBeGreaterThanOrEqual(2);
        for (const { value } of examples) {
          expect(value.code, `${path} ${code}`).toBe(Number(code));
          expect(value.data).toBeNull();
          expect(value.msg, `${path} ${code}`).not.toMatch(/\{\{|api\.|validation\./);
        }
        // As many in Chinese as in English.
        const chinese = examples.filter(({ value }) => /[\u4e00-\u9fff]/.test(value.msg));
        expect(chinese.length * 2, `${path} ${code}`).toBe(examples.length);
      }
    }
    const item = document.paths['/product/item'].post.responses;
    const notFound = Object.values(item['404'].content['application/json'].examples).map(
      (example) => (resolve(document, (example as { $ref: string }).$ref) as Operation).value.msg,
    );
    expect(notFound).toEqual(['Not found: no product with id 42.', '未找到：不存在 id 为 42 的产品。']);
    // The answers the server really gives match the examples' wording.
    const real = await api.post('/product/item', { language: 'zh', id: 42_000 });
    expect(real.body.msg).toBe('未找到：不存在 id 为 42000 的产品。');
    expect(Object.keys(document.paths['/editor/config/save'].post.responses)).toContain('403');
    expect(Object.keys(document.paths['/client/register'].post.responses)).toEqual(
      expect.arrayContaining(['409', '429']),
    );
  });

  test('bodies are described as accepted: JSON, and a form with the file for the calls that take one', async () => {
    const document = (await api.get('/openapi.json')).body;
    const inquiry = document.paths['/inquiry/submit'].post.requestBody.content;
    expect(Object.keys(inquiry)).toEqual(['application/json', 'multipart/form-data']);
    expect(inquiry['application/json'].schema.properties.attachment).toBeUndefined();
    expect(inquiry['multipart/form-data'].schema.properties.attachment).toEqual({ type: 'string', format: 'binary' });
    // A form's field is text: a tick box's "on" and a category's digits are taken as they come.
    const form = inquiry['multipart/form-data'].schema.properties;
    expect(JSON.stringify(form.subscribe)).toContain('"on"');
    expect(JSON.stringify(form.interestProducts)).toContain('"pattern"');
    // The upload carries its file always: a form only.
    const upload = document.paths['/editor/file/upload'].post.requestBody.content;
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);
    expect(upload['multipart/form-data'].schema.required).toContain('file');
    const info = document.paths['/client/info'].get;
    expect(info.requestBody).toBeUndefined();
    expect(info.parameters).toEqual([expect.objectContaining({ name: 'language', in: 'query', required: false })]);
  });
});
