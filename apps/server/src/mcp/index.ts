import { mcpPath } from '@growmail/contracts/developer-docs';
import { sandboxBasePath, sandboxKey } from '@growmail/contracts/sandbox';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientErrorMessage, logClientError } from '../services/errors.ts';
import { docsLibrary, type DocsLibrary } from './docs-library.ts';
import { docsMcpServer } from './tools.ts';

/** A JSON-RPC message is a few hundred bytes; 16 KB is room for any call the tools take. */
const bodyLimit = 16 * 1024;

/** The headers Streamable HTTP reads; nothing else of the request reaches the SDK. */
const forwardedHeaders = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id'] as const;

/** JSON-RPC's error for a message that never reached a method (the id is unknown). */
const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0', id: null, error: { code, message } });

/**
 * The docs' Model Context Protocol server at POST /mcp, over Streamable HTTP with the official
 * SDK, stateless and answering JSON: each request gets its own server and transport, so any
 * server of a deployment answers any request, and nothing is kept between them. Open to all
 * without a key, so rate limited per address like the forms. Every failure, ours or the
 * client's, is a JSON-RPC error. The docs library (the search index, the parsed OpenAPI document)
 * is built at the first request rather than at start: most servers never get one.
 */
export default async function mcp(app: FastifyInstance) {
  let library: DocsLibrary | undefined;
  const sandboxAccess = { baseUrl: `${app.config.urls.public}${sandboxBasePath}`, key: sandboxKey };

  // The SDK parses and checks the message itself, so any body reaches it as text and a bad
  // one gets the protocol's own error, not the site's.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'MCP request failed');
      return reply.code(500).send(rpcError(-32603, 'Internal error'));
    }
    logClientError(request, error, status);
    return reply.code(status).send(rpcError(status === 429 ? -32000 : -32600, clientErrorMessage(error)));
  });

  app.post(
    mcpPath,
    { bodyLimit, config: { rateLimit: { max: app.config.mcpRequestsPerMinute, timeWindow: 60_000 } } },
    async (request, reply) => {
      library ??= docsLibrary(app.site, app.config.urls.public);
      const server = docsMcpServer(library, sandboxAccess);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      try {
        await server.connect(transport);
        return await send(reply, await transport.handleRequest(webRequest(request, app.config.urls.public)));
      } finally {
        await server.close();
      }
    },
  );

  // Stateless: there is no stream to open with GET and no session to end with DELETE.
  app.route({
    method: ['GET', 'DELETE', 'PUT', 'PATCH'],
    url: mcpPath,
    handler: async (_request, reply) =>
      reply.code(405).header('allow', 'POST').send(rpcError(-32000, 'Method not allowed: send JSON-RPC with POST.')),
  });
}

function webRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const name of forwardedHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const body = typeof request.body === 'string' ? request.body : '';
  return new Request(new URL(mcpPath, origin), { method: 'POST', headers, body });
}

async function send(reply: FastifyReply, response: Response) {
  reply.code(response.status).header('cache-control', 'no-store');
  const type = response.headers.get('content-type');
  if (type) reply.type(type);
  const allow = response.headers.get('allow');
  if (allow) reply.header('allow', allow);
  const body = await response.text();
  return reply.send(body === '' ? undefined : body);
}
