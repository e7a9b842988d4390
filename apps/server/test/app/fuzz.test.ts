import { createECDH } from 'node:crypto';
import {
  captureQuerySchema,
  demoRequestSchema,
  enquirySchema,
  leadSchema,
  newsletterConfirmSchema,
  unsubscribeQuerySchema,
} from '@growmail/contracts';
import { contactsApiRequestSchema, pushActionSchema } from '@growmail/contracts/push';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.ts';
import { testDatabases } from '../support/databases.ts';
import {
  fieldAt,
  fieldPaths,
  hostileString,
  hostileValue,
  nearlyValid,
  withField,
  withProtoKey,
} from '../support/fuzz.ts';

/**
 * Every endpoint, fed hostile input generated from its shared schema: control characters,
 * lone surrogates, huge and odd numbers, wrong types, deep nesting, `__proto__`, broken
 * encodings. Whatever arrives, the answer is a 4xx or a success, never a 5xx, and an error
 * never shows a stack or the framework. A fixed seed keeps CI repeatable; FUZZ_SEED varies it.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20261123);
const numRuns = Number(process.env.FUZZ_RUNS ?? 400);

const p256dh = createECDH('prime256v1').generateKeys().toString('base64url');
const apiKey = 'gm_site_public_dev';

const samples = {
  enquiry: { fullname: 'Ada Lovelace', email: 'ada@example.com', subject: 'Pricing', body: 'Agency pricing?' },
  demo: {
    type: 'demo',
    metadata: {
      type: 'demo',
      firstname: 'Grace',
      lastname: 'Hopper',
      company_name: 'Compile Co',
      email: 'grace@compile.example',
      phone_number: '+234 803 123 4567',
      subscribers: '100K:250K',
    },
  },
  savings: {
    type: 'savings',
    metadata: {
      type: 'savings',
      email: 'saver@example.com',
      contact_count: 5000,
      current_cost: 12000,
      savings: 1200.5,
      services: { campaign: true, automation: false, transactional: true, push: false },
    },
  },
  startup: {
    type: 'startup',
    metadata: {
      type: 'startup',
      firstname: 'Chidi',
      lastname: 'Okafor',
      company_name: 'Lagos Labs',
      email: 'chidi@labs.example',
      phone_number: '0803 123 4567',
      user_count: '10:50K',
      annual_budget: '1K:5K',
    },
  },
  contact: {
    email: 'push@example.com',
    firstname: 'Wanjiru',
    gender: 'female',
    date_of_birth: '02-14-1990',
    address: { street: '1 Moi Avenue', state: 'Nairobi', country: 'KE' },
    extra_data: { plan: 'growth', seats: 5 },
    gm_web_push: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz',
      expirationTime: null,
      keys: { p256dh, auth: 'c2VjcmV0LWF1dGgtMTIzNA' },
    },
  },
  capture: { source: 'website-api', email: 'reader@example.com', tags: 'subscriber', page: '/pricing' },
  unsubscribe: { contact_email: 'reader@example.com', contact_id: 'c-1' },
};

type Request = InjectOptions & { method: string; url: string };

/** Segments of a path or query as a browser would send them; a lone surrogate becomes U+FFFD first. */
const encode = (value: unknown) => encodeURIComponent(String(value).toWellFormed());
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** A JSON body endpoint: one field made hostile, an extra key, the whole body replaced, __proto__, or not JSON at all. */
function bodyRequests(url: string, schema: unknown, sample: object, headers: Record<string, string> = {}) {
  const paths = fieldPaths(schema);
  const json = { 'content-type': 'application/json', ...headers };
  return fc
    .oneof(
      fc
        .record({ path: fc.constantFrom(...paths), value: hostileValue })
        .map(({ path, value }) => JSON.stringify(withField(sample, path, value))),
      fc
        .constantFrom(...paths.filter((path) => typeof fieldAt(sample, path) === 'string'))
        .chain((path) => nearlyValid(fieldAt(sample, path) as string).map((value) => withField(sample, path, value)))
        .map((body) => JSON.stringify(body)),
      fc
        .record({ key: hostileString, value: hostileValue })
        .map(({ key, value }) => JSON.stringify({ ...sample, [key]: value })),
      hostileValue.map((value) => JSON.stringify(value)),
      fc.constant(withProtoKey(sample)),
      fc.string({ unit: 'binary-ascii', maxLength: 80 }),
    )
    .chain((payload) =>
      // Mostly JSON, which reaches the schema; sometimes a type the endpoint does not take.
      fc.oneof(
        { weight: 4, arbitrary: fc.constant<Request>({ method: 'POST', url, headers: json, payload }) },
        fc.constant<Request>({ method: 'POST', url, headers: { ...headers, 'content-type': 'text/plain' }, payload }),
        fc.constant<Request>({
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload,
        }),
      ),
    );
}

/** A query-string endpoint: one parameter made hostile, repeated, or a broken encoding. */
function queryRequests(method: string, base: string, schema: unknown, sample: Record<string, string>) {
  const keys = fieldPaths(schema).map((path) => path[0]!);
  const query = new URLSearchParams(sample).toString();
  return fc
    .oneof(
      fc
        .constantFrom(...keys.filter((key) => sample[key] !== undefined))
        .chain((key) => nearlyValid(sample[key]!).map((value) => new URLSearchParams({ ...sample, [key]: value })))
        .map((params) => `${base}?${params}`),
      fc.record({ key: fc.constantFrom(...keys), value: hostileValue }).map(({ key, value }) => {
        const params = new URLSearchParams(sample);
        params.set(key, asText(value).toWellFormed());
        return `${base}?${params}`;
      }),
      fc
        .record({ key: fc.constantFrom(...keys), value: hostileString })
        .map(({ key, value }) => `${base}?${query}&${key}=${encode(value)}`),
      fc
        .constantFrom('email=%zz', 'email=%', 'email[]=a', 'email[a]=b', '&&=&', `${query}&__proto__[x]=1`)
        .map((raw) => `${base}?${raw}`),
    )
    .map((url): Request => ({ method, url }));
}

const hostileSegment = fc.oneof(
  hostileString.map(encode),
  fc.constantFrom('%zz', '%', '%E0%A4%A', '..%2f..%2f', '%2e%2e', '*', '%00', 'a'.repeat(5000)),
);

const endpoints: [string, fc.Arbitrary<Request>][] = [
  ['POST users/guests/enquiry', bodyRequests('/services/users/guests/enquiry', enquirySchema, samples.enquiry)],
  ['POST users/demos', bodyRequests('/services/users/demos', demoRequestSchema, samples.demo)],
  [
    'POST sales/leads',
    fc.oneof(
      bodyRequests('/services/sales/leads', leadSchema, samples.savings),
      bodyRequests('/services/sales/leads', leadSchema, samples.startup),
    ),
  ],
  [
    'POST users/api/contacts',
    bodyRequests('/services/users/api/contacts', contactsApiRequestSchema(), samples.contact, {
      authorization: `Bearer ${apiKey}`,
    }),
  ],
  [
    'POST users/newsletter/confirm',
    bodyRequests('/services/users/newsletter/confirm', newsletterConfirmSchema, {
      token: 'bmV3c2xldHRlcg.c-1.mk1.sig',
    }),
  ],
  [
    'GET users/api/contacts/{key}/capture/',
    fc.oneof(
      queryRequests('GET', `/services/users/api/contacts/${apiKey}/capture/`, captureQuerySchema, samples.capture),
      hostileSegment.map((key): Request => ({
        method: 'GET',
        url: `/services/users/api/contacts/${key}/capture/?email=a%40b.co`,
      })),
    ),
  ],
  [
    'PUT and POST users/guests/unsubscribe/…',
    fc.oneof(
      queryRequests(
        'PUT',
        '/services/users/guests/unsubscribe/bmV3c2xldHRlcg/ref/mk1/sig',
        unsubscribeQuerySchema,
        samples.unsubscribe,
      ),
      fc
        .tuple(hostileSegment, hostileSegment, fc.constantFrom('PUT', 'POST'))
        .map(([list, signature, method]): Request => ({
          method,
          url: `/services/users/guests/unsubscribe/${list}/ref/mk1/${signature}?contact_email=a%40b.co&contact_id=c-1`,
          ...(method === 'POST'
            ? {
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: 'List-Unsubscribe=One-Click',
              }
            : {}),
        })),
    ),
  ],
  [
    'GET messaging/webhooks/push/web/{action}',
    fc
      .oneof(hostileSegment, fc.constantFrom(...fieldPaths(pushActionSchema).map((path) => path[0]!)))
      .map((action): Request => ({ method: 'GET', url: `/services/messaging/webhooks/push/web/${action}` })),
  ],
  [
    'the site and the rest of /services',
    fc
      .tuple(
        fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
        fc.oneof(
          fc.constantFrom(
            '/',
            '/pricing',
            '/products/campaign',
            '/services/health',
            '/services/modules/modules',
            '/services/nothing',
            '/register/x',
          ),
          hostileSegment.map((segment) => `/${segment}`),
          hostileSegment.map((segment) => `/services/users/${segment}`),
          hostileSegment.map((segment) => `/products/${segment}/x`),
        ),
        fc.oneof(
          fc.constant(undefined),
          fc.constant('{"email": '),
          fc.constant(JSON.stringify({ note: 'x'.repeat(70 * 1024) })),
          hostileValue.map((value) => JSON.stringify(value)),
        ),
        fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', 'application/xml'),
      )
      .map(([method, url, payload, type]): Request =>
        payload === undefined || method === 'GET' || method === 'HEAD'
          ? { method, url }
          : { method, url, headers: { 'content-type': type }, payload },
      ),
  ],
];

const stackOrFramework = /\n\s+at |FST_|fastify/i;

describe.each(await testDatabases())('every endpoint, fuzzed from the shared schemas, on $name', ({ name, open }) => {
  let app: FastifyInstance;
  let sent = 0;
  beforeAll(async () => {
    app = await testApp({ RATE_LIMIT_PER_MINUTE: '1000000' }, { db: await open() });
  });
  afterAll(async () => {
    await app?.close();
    console.log(`fuzz on ${name}: ${sent} requests, no 5xx`);
  });

  it.each(endpoints)('%s never answers 5xx', async (_name, requests) => {
    await fc.assert(
      fc.asyncProperty(requests, fc.ipV4(), async (request, remoteAddress) => {
        const response = await app.inject({ ...request, remoteAddress } as InjectOptions);
        sent += 1;
        const where = `${request.method} ${request.url.slice(0, 160)} ${String(request.payload ?? '').slice(0, 1200)}`;
        const answer = `${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, `${where} → ${answer}`).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.body, `${where} → ${answer}`).not.toMatch(stackOrFramework);
          if (request.url.startsWith('/services/') && request.method !== 'HEAD') {
            expect(Object.keys(response.json()).sort(), `${where} → ${answer}`).toEqual(['error', 'payload']);
          }
        }
      }),
      { seed, numRuns },
    );
  });
});
