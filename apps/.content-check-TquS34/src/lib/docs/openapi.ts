import { parse } from 'yaml';
import openApiSource from '@/content/openapi.yaml?raw';
import { sandboxBasePath, sandboxKey } from '@growmail/contracts/sandbox';
import { standInOrigin } from '@growmail/contracts/runtime';
import { requestSamples } from './samples';

/**
 * The OpenAPI 3.1 document (content/openapi.yaml) the API reference is generated from, read
 * at build. Only the parts the reference shows are typed.
 */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: string[];
  pattern?: string;
  maxLength?: number;
  maxItems?: number;
  description?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: boolean | Schema;
};
type Example = { summary?: string; value: unknown };
type Media = { schema: Schema; examples?: Record<string, Example> };
type Response = { $ref?: string; description: string; content?: { 'application/json': Media } };
export type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  requestBody: { required: boolean; content: { 'application/json': Media } };
  responses: Record<string, Response>;
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, { post: Operation }>;
  components: {
    securitySchemes: Record<string, { type: string; scheme: string; description: string }>;
    schemas: Record<string, Schema>;
    responses: Record<string, Response>;
  };
};

export { openApiSource };
export const openApi = parse(openApiSource) as OpenApiDocument;
export const apiBaseUrl = openApi.servers[0]!.url;
/** Every operation's id, in the document's order. */
export const operationIds = Object.values(openApi.paths).flatMap((item) =>
  Object.values(item).map((op) => op.operationId),
);

/**
 * The sandbox on the site's own origin, which the server fills in as it starts (D21): the
 * samples call it with the published key, so each runs as it is copied (D33).
 */
export const sandboxBaseUrl = `${standInOrigin('public')}${sandboxBasePath}`;

/** A `#/components/...` reference's target, followed until it is not a reference. */
export function resolveRef<T extends { $ref?: string }>(value: T): T {
  let current = value;
  while (current.$ref) {
    const path = current.$ref.replace(/^#\//, '').split('/');
    current = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], openApi) as T;
  }
  return current;
}

export type ResolvedOperation = Operation & {
  method: 'POST';
  path: string;
  body: Media;
  responseList: { status: string; description: string; example: unknown }[];
};

export function operation(operationId: string): ResolvedOperation {
  const entry = Object.entries(openApi.paths).find(([, item]) => item.post.operationId === operationId);
  if (!entry) throw new Error(`No operation ${operationId} in openapi.yaml`);
  const [path, { post }] = entry;
  return {
    ...post,
    method: 'POST',
    path,
    body: post.requestBody.content['application/json'],
    responseList: Object.entries(post.responses).map(([status, response]) => {
      const resolved = resolveRef(response);
      const examples = resolved.content?.['application/json'].examples ?? {};
      return { status, description: resolved.description, example: Object.values(examples)[0]?.value ?? null };
    }),
  };
}

/** A code block of the reference: its caption, language and text. */
export type CodeSample = { title: string; language: string; code: string };

/** What the reference shows of an operation; the page and its markdown copy both read it. */
export function operationView(operationId: string) {
  const op = operation(operationId);
  const url = `${apiBaseUrl}${op.path}`;
  const examples = Object.values(op.body.examples ?? {});
  const [success, ...failures] = op.responseList;
  if (!success) throw new Error(`${operationId} documents no responses`);
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return {
    op,
    url,
    examples: examples.map((example): CodeSample => ({
      title: example.summary ?? 'Example',
      language: 'json',
      code: json(example.value),
    })),
    sandboxUrl: `${sandboxBaseUrl}${op.path}`,
    samples: requestSamples(`${sandboxBaseUrl}${op.path}`, sandboxKey, examples[0]?.value ?? {}),
    success: { title: `${success.status}: ${success.description}`, language: 'json', code: json(success.example) },
    failures: failures.map((response) => ({
      status: response.status,
      description: response.description,
      error: (response.example as { error: string }).error,
    })),
  };
}

export type Field = { name: string; type: string; required: boolean; rules: string[]; description: string };

/** A schema's fields as rows, nested objects flattened with dotted names (address.street). */
export function fieldsOf(schema: Schema, prefix = ''): Field[] {
  const resolved = resolveRef(schema);
  return Object.entries(resolved.properties ?? {}).flatMap(([name, property]) => {
    const field = resolveRef(property);
    const fullName = `${prefix}${name}`;
    const items = field.items ? resolveRef(field.items) : undefined;
    const row: Field = {
      name: fullName,
      type: typeName(field, items),
      required: resolved.required?.includes(name) ?? false,
      rules: rulesOf(field, items),
      description: field.description ?? items?.description ?? '',
    };
    const nested = field.properties
      ? fieldsOf(field, `${fullName}.`)
      : items?.properties
        ? fieldsOf(items, `${fullName}[].`)
        : [];
    return [row, ...nested];
  });
}

function typeName(field: Schema, items?: Schema): string {
  if (field.type === 'array') return `array of ${items?.type === 'object' ? 'objects' : `${items?.type}s`}`;
  if (field.type === 'object' && field.additionalProperties && !field.properties) return 'object (key-value)';
  return Array.isArray(field.type) ? field.type.join(' | ') : (field.type ?? 'any');
}

function rulesOf(field: Schema, items?: Schema): string[] {
  const rules: string[] = [];
  if (field.enum) rules.push(`one of ${field.enum.map((value) => `\`${value}\``).join(', ')}`);
  if (field.format === 'email' || items?.format === 'email') rules.push('email address');
  if (field.pattern) rules.push(`matches \`${field.pattern}\``);
  if (field.maxLength) rules.push(`at most ${field.maxLength.toLocaleString('en-US')} characters`);
  if (field.maxItems) rules.push(`at most ${field.maxItems} items`);
  return rules;
}
