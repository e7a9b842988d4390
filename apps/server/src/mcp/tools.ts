import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/mini';
import type { DocsLibrary } from './docs-library.ts';

/** Every tool only reads the docs: nothing is written, and nothing outside this server is asked. */
const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
const json = (value: unknown): CallToolResult => text(JSON.stringify(value, null, 2));
const notFound = (message: string): CallToolResult => ({ ...text(message), isError: true });

/**
 * The docs' MCP server: three read-only tools over the built docs. One is made for each
 * request (stateless, so any server of a deployment can answer any request).
 */
export function docsMcpServer(library: DocsLibrary, sandbox: { baseUrl: string; key: string }): McpServer {
  const server = new McpServer(
    { name: 'growmail-docs', title: 'Growmail developer docs', version: library.apiVersion || '1.0.0' },
    {
      instructions: [
        'Read-only access to the Growmail developer docs and API reference.',
        'Find sections with search_docs, read a whole page with get_page, and get what a call needs with get_operation.',
        `To try a call without an account, send it to the sandbox at ${sandbox.baseUrl} with the key ${sandbox.key}.`,
      ].join(' '),
    },
  );
  const pageList = library.pages.map((page) => `${page.path} (${page.title})`).join(', ');

  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description:
        'Searches the Growmail developer docs and returns the best-matching sections: the page, the section, its address, the address of the page as Markdown, and an excerpt.',
      inputSchema: {
        query: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
        limit: z.optional(z.int().check(z.minimum(1), z.maximum(20))),
      },
      annotations: readOnly,
    },
    ({ query, limit }) => {
      const hits = library.search(query, limit ?? 5);
      return hits.length > 0 ? json(hits) : text(`Nothing in the docs matches "${query}". The pages: ${pageList}.`);
    },
  );

  server.registerTool(
    'get_page',
    {
      title: 'Read a docs page as Markdown',
      description: `Returns one docs page in full as Markdown, operations included: parameters, schemas, examples and status codes. Pass its path, such as /developers/reference/contacts, or an address search_docs gave. The pages: ${pageList}.`,
      inputSchema: { path: z.string().check(z.minLength(1), z.maxLength(500)) },
      annotations: readOnly,
    },
    ({ path }) => {
      const page = library.page(path);
      return page ? text(page.markdown) : notFound(`No docs page at "${path}". The pages: ${pageList}.`);
    },
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Get an API operation',
      description: `Returns one operation of the Growmail API from its OpenAPI document, every reference resolved: method, path, URL, authentication, parameters, request and response schemas, and an example request and answer. The operations: ${library.operationIds.join(', ')}.`,
      inputSchema: { operationId: z.string().check(z.minLength(1), z.maxLength(100)) },
      annotations: readOnly,
    },
    ({ operationId }) => {
      const operation = library.operation(operationId);
      return operation
        ? json(operation)
        : notFound(`No operation "${operationId}". The operations: ${library.operationIds.join(', ')}.`);
    },
  );

  return server;
}
