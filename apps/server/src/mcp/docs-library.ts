import { docsSearchOptions, searchIndexPath, type SearchDocument } from '@growmail/contracts/developer-docs';
import MiniSearch from 'minisearch';
import { parse } from 'yaml';
import type { Site } from '../site/site-files.ts';

/**
 * The developer docs as the MCP tools read them: the same files the site serves (the search
 * documents, each page's markdown copy, the OpenAPI document), taken from the built site in
 * memory, so an agent reads exactly what a person does and there is no second source.
 */
export type DocsLibrary = {
  search(query: string, limit: number): SearchHit[];
  /** The page's markdown, or undefined when no docs page has that address. */
  page(address: string): DocsPageCopy | undefined;
  pages: { path: string; title: string }[];
  /** The operation by its operationId, or undefined. */
  operation(operationId: string): OperationDetails | undefined;
  operationIds: string[];
  apiVersion: string;
};

export type SearchHit = { page: string; section: string; url: string; markdown: string; excerpt: string };
export type DocsPageCopy = { path: string; url: string; markdown: string };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** An operation with every `$ref` followed: what an agent needs to call it, in one answer. */
export type OperationDetails = {
  operationId: string;
  summary: string;
  description: string;
  method: string;
  path: string;
  url: string;
  /** Every server the document names (production, and any other such as a sandbox), where the path is called. */
  servers: { url: string; description: string }[];
  auth: { scheme: string; header: string; description: string }[];
  parameters: Json[];
  requestBody: { required: boolean; contentType: string; schema: Json; examples: Json } | null;
  responses: Record<string, { description: string; schema: Json; examples: Json }>;
  example: { request: Json; response: Json };
  docs: string;
};

const methods = ['get', 'put', 'post', 'delete', 'patch'] as const;
const excerptLength = 280;

export function docsLibrary(site: Site, publicUrl: string): DocsLibrary {
  const text = (path: string) => site.files.get(path)?.body.toString('utf8');

  const documents = JSON.parse(text(searchIndexPath) ?? '[]') as SearchDocument[];
  const index = new MiniSearch<SearchDocument>(docsSearchOptions);
  index.addAll(documents);

  const pageCopies = new Map<string, string>();
  for (const path of site.files.keys()) {
    const match = /^(\/developers(?:\/.+)?)\.md$/.exec(path);
    if (match) pageCopies.set(match[1] === '/developers/index' ? '/developers' : match[1]!, text(path)!);
  }
  const markdownUrl = (path: string) => `${publicUrl}${path === '/developers' ? '/developers/index' : path}.md`;
  const pagePathOf = (url: string) => url.split('#', 1)[0]!;

  const document = parse(text('/developers/openapi.yaml') ?? '{}') as JsonObject;
  const operations = operationsOf(document);

  return {
    search(query, limit) {
      return index
        .search(query, { prefix: true, fuzzy: 0.2 })
        .slice(0, limit)
        .map((hit) => ({
          page: String(hit.page),
          section: String(hit.heading),
          url: `${publicUrl}${String(hit.url)}`,
          markdown: markdownUrl(pagePathOf(String(hit.url))),
          excerpt: excerpt(String(hit.text)),
        }));
    },
    page(address) {
      const path = pagePath(address);
      const markdown = path === undefined ? undefined : pageCopies.get(path);
      return markdown === undefined || path === undefined ? undefined : { path, url: `${publicUrl}${path}`, markdown };
    },
    pages: [...pageCopies].map(([path, markdown]) => ({
      path,
      title: /^# (.+)$/m.exec(markdown)?.[1] ?? path,
    })),
    operation(operationId) {
      const found = operations.get(operationId);
      return found && { ...found, docs: `${publicUrl}${pageOfOperation(found.path, pageCopies)}` };
    },
    operationIds: [...operations.keys()],
    apiVersion: String((document.info as JsonObject | undefined)?.version ?? ''),
  };
}

/** A page's path from what an agent may pass: a path, a full URL, its .md copy, with or without a fragment. */
function pagePath(address: string): string | undefined {
  const url = URL.parse(address.trim(), 'https://docs.invalid');
  if (!url) return undefined;
  const path = url.pathname
    .replace(/\/+$/, '')
    .replace(/\.(md|html)$/, '')
    .replace(/^\/developers\/index$/, '/developers');
  return path.startsWith('/developers') ? path : `/developers${path === '' ? '' : path}`;
}

/** The reference page that documents an operation: the one whose markdown shows its path. */
function pageOfOperation(path: string, pages: Map<string, string>): string {
  for (const [page, markdown] of pages) {
    if (page.startsWith('/developers/reference/') && markdown.includes(path)) return page;
  }
  return '/developers/reference/get-started';
}

function excerpt(text: string): string {
  return text.length <= excerptLength ? text : `${text.slice(0, excerptLength).replace(/\s+\S*$/, '')}…`;
}

function operationsOf(document: JsonObject): Map<string, Omit<OperationDetails, 'docs'>> {
  const resolve = (value: Json, depth = 0): Json => resolveRefs(document, value, depth);
  const servers = ((document.servers ?? []) as JsonObject[]).map((entry) => ({
    url: String(entry.url ?? ''),
    description: String(entry.description ?? ''),
  }));
  const server = servers[0]?.url ?? '';
  const schemes = ((document.components as JsonObject | undefined)?.securitySchemes ?? {}) as JsonObject;
  const operations = new Map<string, Omit<OperationDetails, 'docs'>>();
  for (const [path, item] of Object.entries((document.paths ?? {}) as JsonObject)) {
    const pathItem = item as JsonObject;
    for (const method of methods) {
      const op = pathItem[method] as JsonObject | undefined;
      if (!op || typeof op.operationId !== 'string') continue;
      const security = (op.security ?? document.security ?? []) as JsonObject[];
      const content = ((resolve(op.requestBody ?? null) as JsonObject | null)?.content ?? {}) as JsonObject;
      const [contentType, media] = Object.entries(content)[0] ?? [];
      const responses = Object.fromEntries(
        Object.entries((op.responses ?? {}) as JsonObject).map(([status, response]) => {
          const resolved = resolve(response) as JsonObject;
          const json = ((resolved.content ?? {}) as JsonObject)['application/json'] as JsonObject | undefined;
          return [
            status,
            {
              description: String(resolved.description ?? ''),
              schema: json?.schema ?? null,
              examples: json?.examples ?? null,
            },
          ];
        }),
      );
      const requestBody = media
        ? {
            required: (resolve(op.requestBody ?? null) as JsonObject).required === true,
            contentType: contentType!,
            schema: (media as JsonObject).schema ?? null,
            examples: (media as JsonObject).examples ?? null,
          }
        : null;
      operations.set(op.operationId, {
        operationId: op.operationId,
        summary: String(op.summary ?? ''),
        description: String(op.description ?? ''),
        method: method.toUpperCase(),
        path,
        url: `${server}${path}`,
        servers,
        auth: security.flatMap((requirement) =>
          Object.keys(requirement).map((name) => {
            const scheme = (schemes[name] ?? {}) as JsonObject;
            return {
              scheme: String(scheme.scheme ?? scheme.type ?? name),
              header: scheme.scheme === 'bearer' ? 'Authorization: Bearer <API key>' : String(scheme.name ?? ''),
              description: String(scheme.description ?? ''),
            };
          }),
        ),
        parameters: resolve([
          ...((pathItem.parameters ?? []) as Json[]),
          ...((op.parameters ?? []) as Json[]),
        ]) as Json[],
        requestBody,
        responses,
        example: {
          request: firstExample(requestBody?.examples ?? null),
          response: firstExample(Object.values(responses)[0]?.examples ?? null),
        },
      });
    }
  }
  return operations;
}

const firstExample = (examples: Json): Json =>
  examples && typeof examples === 'object' && !Array.isArray(examples)
    ? (((Object.values(examples)[0] ?? null) as JsonObject | null)?.value ?? null)
    : null;

/** The value with each local `$ref` replaced by its target; a reference nested too deep (a cycle) is kept as it is. */
function resolveRefs(document: JsonObject, value: Json, depth: number): Json {
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => resolveRefs(document, item, depth + 1));
  if (typeof value.$ref === 'string' && value.$ref.startsWith('#/')) {
    const target = value.$ref
      .slice(2)
      .split('/')
      .reduce<Json | undefined>(
        (node, key) => (node && typeof node === 'object' && !Array.isArray(node) ? node[key] : undefined),
        document,
      );
    return target === undefined ? value : resolveRefs(document, target, depth + 1);
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveRefs(document, item, depth + 1)]));
}
