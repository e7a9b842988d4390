import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { sandboxKey } from '@growmail/contracts/sandbox';
import { testApp } from '@growmail/test-support/app';
import {
  contentType,
  extraHeaders,
  fieldAt,
  hostileKey,
  hostileValue,
  junkBody,
  nearlyValid,
  objectPaths,
  serialize,
  withField,
  withoutField,
} from '@growmail/test-support/fuzz';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The sandbox fed requests generated from the OpenAPI document itself: each operation's request
 * examples, broken in one place (a hostile value at any field, a control character slipped
 * into a string, a field left out, an extra key anywhere, the whole body replaced), with any
 * content type, key and extra headers. Every answer is a success or a 4xx in the API's
 * `{error, payload}` shape, never a 5xx; and no answer opens a connection anywhere. The seed
 * is fixed (FUZZ_SEED varies it, FUZZ_RUNS sets the runs per operation).
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_261_125);
const numRuns = Number(process.env.FUZZ_RUNS ?? 600);

type Operation = { requestBody: { content: { 'application/json': { examples: Record<string, { value: unknown }> } } } };
const document = parse(readFileSync(new URL('../../../site/src/content/openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, { post: Operation }>;
};
const operations = Object.entries(document.paths).map(([path, { post }]) => ({
  path,
  examples: Object.values(post.requestBody.content['application/json'].examples).map((example) => example.value),
}));

/** Every path to a value inside `value`, objects, arrays and leaves alike (the root is []). */
function valuePaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  return [prefix, ...Object.entries(value).flatMap(([key, inner]) => valuePaths(inner, [...prefix, key]))];
}

/** One of the document's examples, broken in one way, as JSON text. */
const mutated = (examples: unknown[]) =>
  fc.constantFrom(...examples).chain((example) => {
    const paths = valuePaths(example).filter((path) => path.length > 0);
    const strings = paths.filter((path) => typeof fieldAt(example, path) === 'string');
    return fc
      .oneof(
        { weight: 2, arbitrary: fc.constant(example) },
        {
          weight: 6,
          arbitrary: fc.tuple(fc.constantFrom(...paths), hostileValue).map(([at, bad]) => withField(example, at, bad)),
        },
        {
          weight: 3,
          arbitrary: fc
            .constantFrom(...strings)
            .chain((at) => nearlyValid(fieldAt(example, at) as string).map((bad) => withField(example, at, bad))),
        },
        fc.constantFrom(...paths).map((at) => withoutField(example, at)),
        {
          weight: 2,
          arbitrary: fc
            .tuple(fc.constantFrom(...objectPaths(example)), hostileKey, hostileValue)
            .map(([at, key, bad]) => withField(example, [...at, key], bad)),
        },
        hostileValue,
      )
      .map(serialize);
  });

const authorization = fc.oneof(
  { weight: 9, arbitrary: fc.constant(`Bearer ${sandboxKey}`) },
  fc.constantFrom(
    '',
    'Bearer',
    `bearer ${sandboxKey}`,
    `Bearer ${sandboxKey} `,
    'Bearer gm_live_x',
    `Bearer ${'k'.repeat(10_000)}`,
  ),
);

let app: FastifyInstance;
let listener: Server;
let knocks = 0;
const connections: unknown[] = [];
const onConnect = (message: unknown) => connections.push(message);

beforeAll(async () => {
  app = await testApp({ RATE_LIMIT_PER_MINUTE: String(Number.MAX_SAFE_INTEGER) });
  listener = createServer((socket) => {
    knocks += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  // Every outbound TCP connection of this process (http, fetch, tls, net) is published here.
  subscribe('net.client.socket', onConnect);
});
afterAll(async () => {
  unsubscribe('net.client.socket', onConnect);
  listener.close();
  await app.close();
});

describe('the sandbox, fuzzed from the OpenAPI document', () => {
  for (const { path, examples } of operations) {
    it(`answers POST /sandbox${path} with a success or a 4xx, never a 5xx`, async () => {
      const seen = new Set<number>();
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ weight: 9, arbitrary: mutated(examples) }, junkBody),
          contentType,
          authorization,
          extraHeaders,
          async (payload, type, key, extra) => {
            const response = await app.inject({
              method: 'POST',
              url: `/sandbox${path}`,
              headers: { ...extra, ...(type === undefined ? {} : { 'content-type': type }), authorization: key },
              payload,
            });
            seen.add(response.statusCode);
            expect(response.statusCode).toBeLessThan(500);
            const body = response.json() as { error: unknown; payload: unknown };
            expect(Object.keys(body).sort()).toEqual(['error', 'payload']);
            if (response.statusCode === 200) expect(body.error).toBeNull();
            else expect(body).toEqual({ error: expect.any(String), payload: null });
            expect(response.body).not.toMatch(/at .+\.ts:\d+|FST_|fastify/i);
          },
        ),
        { seed, numRuns },
      );
      // The runs reached past the key and the schema into the handler, and were refused at each.
      expect([...seen]).toEqual(expect.arrayContaining([200, 400, 401]));
      expect(connections).toEqual([]);
    });
  }
});

describe('the sandbox makes no outbound connection', () => {
  it('never fetches an attachment path, to this machine or any host', async () => {
    const { port } = listener.address() as { port: number };
    const targets = [
      `https://127.0.0.1:${port}/invoice.pdf`,
      `http://127.0.0.1:${port}/invoice.pdf`,
      `https://localhost:${port}/invoice.pdf`,
      'https://169.254.169.254/latest/meta-data/',
      'https://example.com/invoice.pdf',
      'file:///etc/passwd',
    ];
    for (const target of targets) {
      const response = await app.inject({
        method: 'POST',
        url: '/sandbox/v1/transactionals',
        headers: { authorization: `Bearer ${sandboxKey}`, 'content-type': 'application/json' },
        payload: {
          template_code: 'monthly-invoice',
          recipient_email: 'delivered@growmail.test',
          attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', path: target }],
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^attachments\[0\]\.path: /);
    }
    // Time for a connection that a background task might open to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(knocks).toBe(0);
    expect(connections).toEqual([]);
  });

  it('sees a connection when one is made, so the watch above can fail', async () => {
    const { port } = listener.address() as { port: number };
    await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
    expect(connections.length).toBeGreaterThan(0);
    connections.length = 0;
  });
});
