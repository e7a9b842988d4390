import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/** What the sandbox reads of one documented operation. */
export type SandboxOperation = {
  operationId: string;
  path: string;
  /** The request body's schema in the document, compiled. */
  validate: ValidateFunction;
  /** The `payload.data` of the documented success answer, which the sandbox's answers are built from. */
  exampleData: Record<string, unknown>;
};

type Media = { schema: unknown; examples?: Record<string, { value: unknown }> };
type Operation = {
  operationId: string;
  requestBody: { content: { 'application/json': Media } };
  responses: Record<string, { content?: { 'application/json': Media } }>;
};
type Document = { paths: Record<string, { post: Operation }> };

/** `/v1/contacts` as a JSON Pointer token: `~1v1~1contacts`. */
const pointerToken = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * The operations of the published OpenAPI document (the site's /developers/openapi.yaml), each
 * with its request schema compiled by Ajv straight from the document: the sandbox keeps no
 * second copy of the rules, so it cannot drift from what the reference shows. OpenAPI 3.1
 * schemas are JSON Schema 2020-12; the document is added whole, so its `$ref`s resolve as
 * written, and words JSON Schema does not know (`openapi`, `paths`, …) are left alone.
 */
export function sandboxOperations(source: string): SandboxOperation[] {
  if (compiled?.source !== source) compiled = { source, operations: compile(source) };
  return compiled.operations;
}

/**
 * The operations of the last document compiled. Every app a process builds serves the same
 * document (a test run builds dozens), and parsing and compiling it took about 0.3 s each time. A
 * compiled check keeps no state between calls but its `errors`, which are read as soon as it
 * returns.
 */
let compiled: { source: string; operations: SandboxOperation[] } | undefined;

function compile(source: string): SandboxOperation[] {
  const document = parse(source) as Document;
  const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: false });
  addFormats.default(ajv, ['email', 'uri']);
  const id = 'https://growmail.io/developers/openapi.yaml';
  ajv.addSchema(document, id);
  return Object.entries(document.paths).map(([path, { post }]) => {
    const pointer = `#/paths/${pointerToken(path)}/post/requestBody/content/application~1json/schema`;
    const validate = ajv.getSchema(`${id}${pointer}`);
    if (!validate) throw new Error(`The OpenAPI document has no request schema for ${path}.`);
    const success = post.responses['200']?.content?.['application/json'].examples ?? {};
    const example = Object.values(success)[0]?.value as { payload?: { data?: Record<string, unknown> } } | undefined;
    return { operationId: post.operationId, path, validate, exampleData: example?.payload?.data ?? {} };
  });
}

/** Ajv's first complaint as the API words it: the field's dotted path, then what is wrong. */
export function describeSchemaError(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce(
      (joined, token) => (/^\d+$/.test(token) ? `${joined}[${token}]` : joined ? `${joined}.${token}` : token),
      '',
    );
  const at = (field: string) => (path ? `${path}.${field}` : field);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${at(String(params.missingProperty))}: is required.`;
    case 'additionalProperties':
      return `${at(String(params.additionalProperty))}: is not a field of this operation.`;
    case 'format':
      return `${path || 'body'}: must be ${params.format === 'email' ? 'an email address' : `a valid ${String(params.format)}`}.`;
    case 'enum':
      return `${path}: must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}.`;
    case 'type':
      return `${path || 'body'}: must be ${[params.type].flat().join(' or ')}.`;
    default:
      return `${path || 'body'}: ${error.message ?? 'is not valid'}.`;
  }
}
