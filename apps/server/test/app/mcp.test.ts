import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { testApp } from '@growmail/test-support/app';

const publicUrl = 'https://www.example.com';
const openApi = parse(readFileSync(new URL('../../../site/src/content/openapi.yaml', import.meta.url), 'utf8')) as {
  servers: { url: string }[];
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
};
const documented = Object.entries(openApi.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
);

/** The MCP handshake's headers, for the requests the tests write by hand. */
const rpcHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

let app: FastifyInstance;
let client: Client;
beforeAll(async () => {
  app = await testApp({ PUBLIC_URL: publicUrl, MCP_REQUESTS_PER_MINUTE: '100000' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  client = new Client({ name: 'growmail-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', address)));
});
afterAll(async () => {
  await client?.close();
  await app?.close();
});

const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;
const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

describe('the MCP server, through the SDK’s own client', () => {
  it('introduces itself and lists three read-only tools', async () => {
    expect(client.getServerVersion()?.name).toBe('growmail-docs');
    expect(client.getInstructions()).toContain(`${publicUrl}/sandbox`);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['get_operation', 'get_page', 'search_docs']);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.inputSchema.type).toBe('object');
    }
  });

  it('searches the docs, each hit naming its page and the page’s Markdown copy', async () => {
    const result = await call('search_docs', { query: 'attachments', limit: 3 });
    const hits = JSON.parse(textOf(result)) as { page: string; url: string; markdown: string; excerpt: string }[];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(3);
    expect(hits[0]!.page).toBe('Transactional emails');
    expect(hits[0]!.url).toMatch(/^https:\/\/www\.example\.com\/developers\/reference\/transactionals(#|$)/);
    expect(hits[0]!.markdown).toBe(`${publicUrl}/developers/reference/transactionals.md`);
  });

  it('says so when nothing matches, and lists the pages instead', async () => {
    const result = await call('search_docs', { query: 'zzqxjv' });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('Nothing in the docs matches');
    expect(textOf(result)).toContain('/developers/reference/contacts');
  });

  it('returns every page as the same Markdown the site serves at its .md address', async () => {
    const copies = [...app.site.files.keys()].filter((path) => /^\/developers\/.*\.md$/.test(path));
    expect(copies.length).toBeGreaterThanOrEqual(6);
    for (const copy of copies) {
      const served = await app.inject(copy);
      const pagePath = copy.replace(/\.md$/, '').replace(/\/index$/, '');
      for (const address of [pagePath, copy, `${publicUrl}${pagePath}#request`]) {
        expect(textOf(await call('get_page', { path: address }))).toBe(served.body);
      }
    }
  });

  it('answers an unknown page with a tool error that lists the pages', async () => {
    const result = await call('get_page', { path: '/developers/nowhere' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('/developers/guides/webpush');
  });

  it('returns every documented operation with auth, schemas resolved and an example', async () => {
    expect(documented.length).toBeGreaterThanOrEqual(3);
    for (const { path, method, op } of documented) {
      const details = JSON.parse(textOf(await call('get_operation', { operationId: op.operationId })));
      expect(details).toMatchObject({
        operationId: op.operationId,
        method,
        path,
        url: `https://api.growmail.io${path}`,
      });
      expect(details.servers.map((server: { url: string }) => server.url)).toEqual(
        openApi.servers.map((server) => server.url),
      );
      expect(details.auth).toEqual([
        expect.objectContaining({ scheme: 'bearer', header: 'Authorization: Bearer <API key>' }),
      ]);
      expect(Object.keys(details.responses)).toEqual(Object.keys(op.responses));
      expect(JSON.stringify(details)).not.toContain('$ref');
      expect(details.requestBody.schema.type).toBe('object');
      expect(details.requestBody.schema.properties).toBeTypeOf('object');
      expect(details.example.request).toBeTypeOf('object');
      expect(details.example.response).toMatchObject({ error: null });
      expect(details.responses['400'].examples).not.toBeNull();
      expect(details.docs).toMatch(/^https:\/\/www\.example\.com\/developers\/reference\//);
    }
  });

  it('answers an unknown operation with a tool error that lists the operations', async () => {
    const result = await call('get_operation', { operationId: 'deleteEverything' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('createContact');
  });

  it('refuses arguments of the wrong shape with an error, not a crash', async () => {
    const wrong = await call('search_docs', { query: 42 }).catch((error: Error) => error);
    expect(wrong instanceof Error ? wrong.message : textOf(wrong)).toMatch(/invalid|expected/i);
    const empty = await call('get_page', {}).catch((error: Error) => error);
    expect(empty instanceof Error ? empty.message : textOf(empty)).toMatch(/invalid|expected|required/i);
    // The server still answers afterwards.
    expect((await client.listTools()).tools).toHaveLength(3);
  });
});

describe('bad messages get JSON-RPC errors', () => {
  const post = (payload: string, headers: Record<string, string> = rpcHeaders) =>
    app.inject({ method: 'POST', url: '/mcp', headers, payload });
  const rpcError = (response: { json: () => unknown }) =>
    (response.json() as { jsonrpc: string; error: { code: number; message: string } }).error;

  it('a body that is not JSON', async () => {
    const response = await post('{"jsonrpc": "2.0", ');
    expect(response.statusCode).toBe(400);
    expect(rpcError(response).code).toBe(-32700);
  });

  it('JSON that is not a JSON-RPC message', async () => {
    const response = await post(JSON.stringify({ hello: 'world' }));
    expect(response.statusCode).toBe(400);
    expect(rpcError(response).code).toBe(-32700);
  });

  it('a method the server does not have', async () => {
    const response = await post(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/delete', params: {} }), {
      ...rpcHeaders,
      'mcp-protocol-version': '2025-06-18',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32601 } });
  });

  it('a body in another content type, or a client that cannot read the answer', async () => {
    const form = await post('a=1', { ...rpcHeaders, 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    expect(rpcError(form).code).toBe(-32000);
    const html = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }), {
      'content-type': 'application/json',
      accept: 'text/html',
    });
    expect(html.statusCode).toBe(406);
    expect(rpcError(html).code).toBe(-32000);
  });

  it('a body too large, or none at all', async () => {
    const huge = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { x: 'x'.repeat(64 * 1024) } }),
    );
    expect(huge.statusCode).toBe(413);
    expect(rpcError(huge).message).toBe('The request is too large.');
    const empty = await app.inject({ method: 'POST', url: '/mcp', headers: rpcHeaders });
    expect(empty.statusCode).toBe(400);
    expect(rpcError(empty).code).toBe(-32700);
    const untyped = await app.inject({ method: 'POST', url: '/mcp', headers: { accept: rpcHeaders.accept } });
    expect(untyped.statusCode).toBe(415);
    expect(rpcError(untyped).code).toBe(-32000);
  });

  it('GET and DELETE, which a stateless server has no use for', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/mcp', headers: rpcHeaders });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('POST');
      expect(rpcError(response).code).toBe(-32000);
    }
  });

  it('never a 5xx, whatever the body', async () => {
    const message = fc.oneof(
      fc.json(),
      fc.string(),
      fc.record({
        jsonrpc: fc.constantFrom('2.0', '1.0', 2),
        id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
        method: fc.constantFrom('initialize', 'tools/list', 'tools/call', 'ping', 'resources/list', 'x'),
        params: fc.oneof(
          fc.object(),
          fc.record({
            name: fc.constantFrom('search_docs', 'get_page', 'get_operation', 'nope'),
            arguments: fc.object(),
          }),
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(message, async (value) => {
        const body = typeof value === 'string' ? value : JSON.stringify(value);
        const response = await post(body, { ...rpcHeaders, 'mcp-protocol-version': '2025-06-18' });
        expect(response.statusCode).toBeLessThan(500);
        if (response.body !== '') expect(() => JSON.parse(response.body)).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });
});

describe('the MCP rate limit', () => {
  it('answers 429 as a JSON-RPC error past the per-address limit', async () => {
    const limited = await testApp({ MCP_REQUESTS_PER_MINUTE: '2' });
    try {
      const ping = () =>
        limited.inject({
          method: 'POST',
          url: '/mcp',
          headers: { ...rpcHeaders, 'mcp-protocol-version': '2025-06-18' },
          payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
        });
      const answers = [await ping(), await ping(), await ping()];
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
      expect(answers[2]!.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
      expect(answers[2]!.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
