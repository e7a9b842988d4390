import { createECDH } from 'node:crypto';
import {
  captureQuerySchema,
  demoRequestSchema,
  enquirySchema,
  newsletterConfirmSchema,
  unsubscribeQuerySchema,
} from '@growmail/contracts/forms';
import { leadSchema } from '@growmail/contracts/leads';
import { contactsApiRequestSchema, pushActionSchema } from '@growmail/contracts/push';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.ts';
import { mintConfirmationToken } from '../../src/services/users/consent.ts';
import { trackingSecret } from '../../src/secrets.ts';
import { mintUnsubscribeLink } from '../../src/services/users/tracking.ts';
import { testApp } from '@growmail/test-support/app';
import { testDatabases } from '@growmail/test-support/databases';
import {
  contentType,
  extraHeaders,
  hostileSegment,
  hostileString,
  jsonType,
  junkBody,
  mutatedBody,
  mutatedQuery,
  nearlyValid,
  percentEncode,
  raw,
  serialize,
  validValue,
} from '@growmail/test-support/fuzz';
import { demoRequest as demo, enquiry } from '@growmail/test-support/submissions';
import { dataAccess } from '../../src/repositories/index.ts';
import { openSession } from '../../src/team/sessions.ts';
import { searchKeys } from '../../src/submissions/lead-search.ts';

/**
 * Every endpoint, fed input generated from its shared schema: valid values, and valid values
 * broken in one place with control characters, lone surrogates, 100 KB strings, huge and odd
 * numbers, wrong types, deep nesting, `__proto__`, duplicate keys and parameters, broken
 * encodings, and bodies of the wrong type or size. Whatever arrives, the answer is a success
 * or a 4xx, never a 5xx; a service answers JSON in the spec's shape; no answer shows a stack
 * or the framework; and no prototype is polluted.
 *
 * Each endpoint first tries a few known hostile requests (`examples`), then `numRuns`
 * generated ones. The seed is fixed so CI is repeatable: FUZZ_SEED varies it, FUZZ_RUNS sets
 * the runs per endpoint, and FUZZ_SURVEY=1 keeps going after a failure and lists every
 * distinct one, with the answers' status codes per endpoint.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_261_123);
const numRuns = Number(process.env.FUZZ_RUNS ?? 1200);
const survey = process.env.FUZZ_SURVEY === '1';

const apiKey = 'gm_site_public_dev';

type Fixture = {
  email: string;
  listId: string;
  contactId: string;
  unsubscribe: { list: string; ref: string; issued: string; signature: string };
  token: string;
  /** Console sessions by role (D41), each with its cookies and a CSRF token of its own. */
  console: Record<'sales' | 'admin' | 'viewer-link', { cookie: string; csrf: string }>;
  /** Ids a console route can act on: a lead and a held post. */
  consoleIds: string[];
};

type Request = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

const prefix = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;
const bodyText = (payload: Request['payload']) =>
  payload === undefined ? '' : Buffer.isBuffer(payload) ? `<bytes ${payload.toString('hex', 0, 60)}>` : payload;

/** A request as a failure report shows it: method, URL and body, cut short. */
function describeRequest(request: Request): string {
  const type = request.headers['content-type'];
  return [
    `${request.method} ${JSON.stringify(prefix(request.url, 300))}`,
    type === undefined ? '(no content type)' : `content-type: ${JSON.stringify(type)}`,
    request.payload === undefined ? '' : `body: ${JSON.stringify(prefix(bodyText(request.payload), 500))}`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** A request with its report for fast-check's counterexample, so 100 KB strings do not flood it. */
const request = (method: string, url: string, headers: Record<string, string> = {}, payload?: string | Buffer) => {
  const made: Request = { method, url, headers, ...(payload === undefined ? {} : { payload }) };
  return Object.assign(made, { [fc.toStringMethod]: () => describeRequest(made) });
};

/** A body endpoint's transport: mostly its own JSON body, sometimes junk, any content type, extra headers. */
function posted(
  url: string,
  bodies: fc.Arbitrary<string | Buffer>,
  headers: fc.Arbitrary<Record<string, string>> = fc.constant({}),
) {
  return fc
    .tuple(
      fc.oneof({ weight: 19, arbitrary: fc.constant('POST') }, fc.constantFrom('PUT', 'GET', 'DELETE', 'PATCH')),
      fc.oneof({ weight: 9, arbitrary: bodies }, junkBody),
      contentType,
      extraHeaders,
      headers,
    )
    .map(([method, payload, type, extra, own]) =>
      request(method, url, { ...extra, ...(type === undefined ? {} : { 'content-type': type }), ...own }, payload),
    );
}

/** Keys of real P-256 points (the schema says base64url, the sender needs a point on the curve), the same every run. */
const p256dhKeys = Array.from({ length: 8 }, (_, i) => {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.alloc(32, i + 1));
  return ecdh.getPublicKey().toString('base64url');
});
const pushEndpoint = fc
  .tuple(
    fc.constantFrom(
      'https://fcm.googleapis.com/fcm/send/',
      'https://android.googleapis.com/gcm/send/',
      'https://updates.push.services.mozilla.com/wpush/v2/',
      'https://web.push.apple.com/',
      'https://wns2-par02p.notify.windows.com/w/?token=',
    ),
    fc.stringMatching(/^[A-Za-z0-9_:-]{1,150}$/),
  )
  .map(([base, id]) => `${base}${id}`);
const contactOverrides = {
  'gm_web_push.endpoint': pushEndpoint,
  'gm_web_push.keys.p256dh': fc.constantFrom(...p256dhKeys),
  'gm_web_push.keys.auth': fc
    .uint8Array({ minLength: 12, maxLength: 22 })
    .map((bytes) => Buffer.from(bytes).toString('base64url')),
};

const authorization = fc.oneof(
  { weight: 9, arbitrary: fc.constant(`Bearer ${apiKey}`) },
  fc.constantFrom(
    '',
    'Bearer',
    'Bearer ',
    `bearer ${apiKey}`,
    `Bearer  ${apiKey}`,
    `Bearer ${apiKey} extra`,
    `Bearer ${apiKey.toUpperCase()}`,
    `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`,
    `Bearer ${'k'.repeat(10_000)}`,
    `Bearer ${apiKey}\u00ff`,
  ),
);

const referer = fc.constantFrom(
  'https://www.growmail.io/pricing',
  'https://www.growmail.io/%zz',
  'https://evil.example/\u0085\u00ff',
  'http://[::1',
  '//x',
  'not a url',
  `https://www.growmail.io/${'p'.repeat(5000)}`,
);

const base64url = (text: string) => Buffer.from(text).toString('base64url');

const siteMethods = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS');
const sitePath = fc.oneof(
  fc.constantFrom(
    '/',
    '/pricing',
    '/pricing/',
    '/products/campaign',
    '/products/campaign/',
    '/index.html',
    '/404.html',
    '/robots.txt',
    '/calculator',
    '/register/x',
    '/unsubscription/a.b.c.d/e/f',
    '/newsletter/confirm',
    '/_astro/x.js',
    '/services',
    '/services/',
    '/services/nothing',
    '/services/users',
    '/services/users/api/contacts/x',
    '/services/health',
    '/services/modules/modules',
    '/services/messaging/push/web/key',
    '/%zz',
    '/%',
    '/..%2f..%2f',
    '/services/%zz',
    `/${'a'.repeat(100_000)}`,
    `/services/${'a'.repeat(100_000)}`,
    `/products/${'%2e%2e/'.repeat(500)}`,
  ),
  fc.webPath({ size: 'medium' }).map((path) => (path.startsWith('/') ? path : `/${path}`)),
  fc
    .tuple(
      fc.constantFrom('/', '/products/', '/pricing/', '/services/', '/services/users/', '/_astro/', '/calculator/'),
      fc.array(hostileSegment, { minLength: 1, maxLength: 3 }),
    )
    .map(([base, segments]) => `${base}${segments.join('/')}`),
);
const siteQuery = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  mutatedQuery(fc.constant({ email: 'ada@example.com' }), captureQuerySchema).map((query) => `?${query}`),
);

/** Each endpoint's requests, built once the fixture (a real subscriber and their signed links) exists. */
const endpoints: [string, (fixture: Fixture) => fc.Arbitrary<Request>][] = [
  [
    'the team console, signed in and not',
    (fixture) => {
      const id = fc.oneof(fc.constantFrom(...fixture.consoleIds), hostileSegment);
      const value = fc.oneof(
        hostileString,
        fc.constantFrom('', 'new', 'handled', 'me', 'nobody', 'release', 'delete', 'none', 'admin', 'ada@acme.example'),
        fc.constantFrom('@acme.example', '2026-01-31', '2026-13-45', 'mon-fri 09:00-17:00', 'Africa/Lagos'),
      );
      const fields = fc.dictionary(
        fc.constantFrom(...consoleFields),
        fc.oneof(value, fc.array(value, { maxLength: 3 })),
        {
          maxKeys: 6,
        },
      );
      const who = fc.constantFrom('nobody', 'sales', 'admin', 'viewer-link');
      return fc
        .tuple(
          fc.oneof({ weight: 4, arbitrary: fc.constant('POST') }, fc.constantFrom('GET', 'HEAD', 'PUT')),
          fc.constantFrom(...consolePaths),
          id,
          fields,
          who,
          fc.boolean(),
          fc.oneof({ weight: 3, arbitrary: fc.constant(consoleOrigin) }, fc.constantFrom('https://evil.example', '')),
          extraHeaders,
        )
        .map(([method, path, segment, body, as, withToken, origin, extra]) => {
          const session = as === 'nobody' ? undefined : fixture.console[as as keyof Fixture['console']];
          const form = new URLSearchParams();
          for (const [name, given] of Object.entries(body))
            for (const one of [given].flat()) form.append(name, String(one));
          if (session && withToken) form.set('_csrf', session.csrf);
          const url = path.replace(':id', segment);
          const query = method === 'GET' ? `?${form.toString()}` : '';
          return request(
            method,
            `${url}${query}`,
            {
              ...extra,
              ...(session ? { cookie: session.cookie } : {}),
              ...(origin ? { origin } : {}),
              ...(method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
            },
            method === 'GET' || method === 'HEAD' ? undefined : form.toString(),
          );
        });
    },
  ],
  [
    'POST users/guests/enquiry',
    () => posted('/services/users/guests/enquiry', mutatedBody(validValue(enquirySchema), enquirySchema)),
  ],
  [
    'POST users/demos',
    () => posted('/services/users/demos', mutatedBody(validValue(demoRequestSchema), demoRequestSchema)),
  ],
  ['POST sales/leads', () => posted('/services/sales/leads', mutatedBody(validValue(leadSchema), leadSchema))],
  [
    'POST users/api/contacts',
    () => {
      const schema = contactsApiRequestSchema();
      return fc.oneof(
        {
          weight: 19,
          arbitrary: posted(
            '/services/users/api/contacts',
            mutatedBody(validValue(schema, contactOverrides), schema),
            authorization.map((value) => (value ? { authorization: value } : ({} as Record<string, string>))),
          ),
        },
        fc.constant(request('OPTIONS', '/services/users/api/contacts', { origin: 'https://evil.example' })),
      );
    },
  ],
  [
    'POST users/newsletter/confirm',
    (fixture) => {
      const [list, contactId, issued, signature] = fixture.token.split('.') as [string, string, string, string];
      const part = fc.stringMatching(/^[A-Za-z0-9_-]{0,60}$/);
      const tokens = fc.oneof(
        fc.constant(fixture.token),
        // The list is read before the signature is checked: any text, as base64url.
        fc
          .oneof(hostileString, nearlyValid(fixture.listId))
          .map((text) => [base64url(text), contactId, issued, signature].join('.')),
        fc
          .tuple(fc.integer({ min: 0, max: 3 }), part)
          .map(([at, text]) => [list, contactId, issued, signature].map((old, i) => (i === at ? text : old)).join('.')),
        fc
          .oneof(
            fc.constantFrom('', '-1', '0', 'zzzzzzzzzz', 'zzzzzzzzzzz', '2gosa7pa2gw', '1y2p0ij32e8e7', '_', '--'),
            fc.bigInt({ min: 0n, max: 2n ** 70n }).map((time) => time.toString(36)),
          )
          .map((time) => [list, contactId, time, signature].join('.')),
        fc.constantFrom(`${fixture.token}.x`, '....', '.'.repeat(299), `${list}.${contactId}`, 'a'.repeat(301)),
      );
      const valid = fc.oneof(
        tokens.map((token) => ({ token })),
        validValue(newsletterConfirmSchema),
      );
      return posted('/services/users/newsletter/confirm', mutatedBody(valid, newsletterConfirmSchema));
    },
  ],
  [
    'GET users/api/contacts/{key}/capture/',
    () =>
      fc
        .tuple(
          fc.oneof({ weight: 9, arbitrary: fc.constant(apiKey) }, hostileSegment),
          fc.constantFrom('capture/', 'capture'),
          mutatedQuery(validValue(captureQuerySchema) as fc.Arbitrary<Record<string, unknown>>, captureQuerySchema),
          fc.oneof(
            fc.constant({}),
            referer.map((value) => ({ referer: value })),
          ),
          extraHeaders,
        )
        .map(([key, capture, query, own, extra]) =>
          request('GET', `/services/users/api/contacts/${key}/${capture}?${query}`, { ...extra, ...own }),
        ),
  ],
  [
    'PUT and POST users/guests/unsubscribe/…',
    (fixture) => {
      const valid = fixture.unsubscribe;
      const parts = fc.oneof(
        fc.constant(valid),
        fc.constant({ ...valid, list: '*' }),
        // The signature does not cover the list: any list id reaches the database.
        fc.oneof(hostileString, nearlyValid(fixture.listId)).map((text) => ({ ...valid, list: base64url(text) })),
        fc
          .tuple(fc.constantFrom('list', 'ref', 'issued', 'signature'), hostileSegment)
          .map(([name, segment]) => ({ ...valid, [name]: segment })),
      );
      const member = fc.constant<Record<string, unknown>>({
        contact_email: fixture.email,
        contact_id: fixture.contactId,
      });
      const query = mutatedQuery(
        fc.oneof(
          { weight: 3, arbitrary: member },
          validValue(unsubscribeQuerySchema) as fc.Arbitrary<Record<string, unknown>>,
        ),
        unsubscribeQuerySchema,
      );
      const body = fc.oneof(
        fc.constant({ payload: undefined, type: undefined }),
        fc.constant({ payload: 'List-Unsubscribe=One-Click', type: 'application/x-www-form-urlencoded' }),
        fc.record({ payload: junkBody, type: contentType }),
      );
      return fc
        .tuple(fc.constantFrom('PUT', 'POST'), parts, query, body, extraHeaders)
        .map(([method, { list, ref, issued, signature }, search, { payload, type }, extra]) =>
          request(
            method,
            `/services/users/guests/unsubscribe/${list}/${ref}/${issued}/${signature}?${search}`,
            { ...extra, ...(type === undefined ? {} : { 'content-type': type }) },
            payload,
          ),
        );
    },
  ],
  [
    'GET messaging/webhooks/push/web/{action}',
    () =>
      fc
        .tuple(
          fc.oneof(
            (validValue(pushActionSchema) as fc.Arbitrary<{ action: string }>).map(({ action }) =>
              percentEncode(action),
            ),
            hostileSegment,
          ),
          siteQuery,
          extraHeaders,
        )
        .map(([action, query, extra]) =>
          request('GET', `/services/messaging/webhooks/push/web/${action}${query}`, extra),
        ),
  ],
  [
    'GET health, modules and the web push key',
    () =>
      fc
        .tuple(
          fc.oneof({ weight: 3, arbitrary: fc.constant('GET') }, siteMethods),
          fc.constantFrom('/services/health', '/services/modules/modules', '/services/messaging/push/web/key'),
          siteQuery,
          fc.option(junkBody, { nil: undefined }),
          contentType,
          extraHeaders,
        )
        .map(([method, path, query, payload, type, extra]) =>
          request(
            method,
            `${path}${query}`,
            { ...extra, ...(payload === undefined || type === undefined ? {} : { 'content-type': type }) },
            payload,
          ),
        ),
  ],
  [
    'the site, any method, any path',
    () =>
      fc
        .tuple(siteMethods, sitePath, siteQuery, fc.option(junkBody, { nil: undefined, freq: 2 }), contentType)
        .chain(([method, path, query, payload, type]) =>
          extraHeaders.map((extra) =>
            request(
              method,
              `${path}${query}`,
              { ...extra, ...(payload === undefined || type === undefined ? {} : { 'content-type': type }) },
              payload,
            ),
          ),
        ),
  ],
];

/** Known hostile requests, tried first on every run (fast-check's `examples`), whatever the seed. */
const json = (url: string, value: unknown, headers: Record<string, string> = {}) =>
  request('POST', url, { 'content-type': jsonType, ...headers }, serialize(value));
const savings = {
  type: 'savings',
  metadata: {
    type: 'savings',
    email: 'saver@example.com',
    contact_count: 5000,
    current_cost: 12000,
    savings: 1200.5,
    services: { campaign: true, automation: false, transactional: true, push: false },
  },
};
const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz',
  expirationTime: null,
  keys: { p256dh: p256dhKeys[0], auth: 'c2VjcmV0LWF1dGgtMTIzNA' },
};
const bearer = { authorization: `Bearer ${apiKey}` };
const contacts = '/services/users/api/contacts';

const examples: Record<string, (fixture: Fixture) => Request[]> = {
  'POST users/guests/enquiry': () => [
    json('/services/users/guests/enquiry', { ...enquiry, email: 'ada\u0000@example.com' }),
    json('/services/users/guests/enquiry', { ...enquiry, subject: '\u001b]0;owned\u0007', body: '\ud800' }),
    json('/services/users/guests/enquiry', { [raw('"__proto__"')]: raw('{"polluted":"yes"}'), ...enquiry }),
    json('/services/users/guests/enquiry', { ...enquiry, fullname: 'x'.repeat(100_000) }),
    request('POST', '/services/users/guests/enquiry', { 'content-type': jsonType }, '{"email": '),
  ],
  'POST users/demos': () => [
    json('/services/users/demos', { ...demo, metadata: { ...demo.metadata, email: 'grace\u0000@compile.example' } }),
    json('/services/users/demos', { ...demo, metadata: { ...demo.metadata, firstname: '\u0000', subscribers: 1e300 } }),
  ],
  'POST sales/leads': () => [
    json('/services/sales/leads', { ...savings, metadata: { ...savings.metadata, contact_count: raw('1e400') } }),
    json('/services/sales/leads', { ...savings, metadata: { ...savings.metadata, current_cost: 1e300, savings: -0 } }),
    json('/services/sales/leads', { ...savings, metadata: { ...savings.metadata, email: 'saver\u0000@example.com' } }),
  ],
  'POST users/api/contacts': () => [
    json(contacts, { email: 'push@example.com', gm_web_push: { ...subscription, expirationTime: 1e300 } }, bearer),
    json(contacts, { email: 'push@example.com', gm_web_push: { ...subscription, expirationTime: 1.5 } }, bearer),
    json(
      contacts,
      { email: 'push@example.com', gm_web_push: { ...subscription, expirationTime: 2 ** 53 + 1 } },
      bearer,
    ),
    json(contacts, { email: 'push@example.com', extra_data: { score: 1e300, [raw('"__proto__"')]: 1 } }, bearer),
    json(contacts, { email: 'nul\u0000@example.com', firstname: 'A\u0000' }, bearer),
    json(
      contacts,
      { email: 'push@example.com', gm_web_push: { ...subscription, endpoint: 'https://fcm.googleapis.com\u0000/x' } },
      bearer,
    ),
  ],
  'POST users/newsletter/confirm': (fixture) => {
    const [, contactId, issued, signature] = fixture.token.split('.');
    return [
      json('/services/users/newsletter/confirm', { token: fixture.token }),
      json('/services/users/newsletter/confirm', { token: ['AA', contactId, issued, signature].join('.') }),
      json('/services/users/newsletter/confirm', { token: 'not-a-token' }),
    ];
  },
  'GET users/api/contacts/{key}/capture/': () =>
    ['email=ada%00%40example.com', 'email=a%40b.co&email=b%40c.co', 'email=%zz', 'email=a%40b.co&page=%2F%00'].map(
      (query) => request('GET', `/services/users/api/contacts/${apiKey}/capture/?${query}`),
    ),
  'PUT and POST users/guests/unsubscribe/…': (fixture) => {
    const { list, ref, issued, signature } = fixture.unsubscribe;
    const query = `contact_email=${encodeURIComponent(fixture.email)}&contact_id=${fixture.contactId}`;
    return [list, '*', 'AA', base64url(`${fixture.listId}\u0000`)].map((segment) =>
      request('PUT', `/services/users/guests/unsubscribe/${segment}/${ref}/${issued}/${signature}?${query}`),
    );
  },
  'GET messaging/webhooks/push/web/{action}': () =>
    ['%zz', '%', '%00', 'a'.repeat(300), 'clicked'].map((action) =>
      request('GET', `/services/messaging/webhooks/push/web/${action}`, { 'user-agent': 'Mozilla\u0085\u00ff' }),
    ),
  'GET health, modules and the web push key': () => [
    request('POST', '/services/health', { 'content-type': jsonType }, '{"email": '),
    request('GET', '/services/modules/modules?%zz'),
  ],
  'the site, any method, any path': () => [
    request('POST', '/', { 'content-type': jsonType }, '{"email": '),
    request('GET', '/%zz'),
    request('GET', '/%'),
    request('GET', '/..%2f..%2f'),
    request('GET', `/${'a'.repeat(100_000)}`),
    request('POST', '/', { 'content-type': jsonType }, JSON.stringify({ note: 'x'.repeat(70 * 1024) })),
    request('POST', '/pricing', { 'content-type': 'multipart/form-data; boundary=x' }, '--x\r\nContent-Dis'),
    request('PUT', '/pricing', { 'content-type': 'text/plain' }, 'hello'),
    request('POST', '/', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=%zz&b'),
    request('POST', '/products/campaign', {}, '{"no":"content type"}'),
    request('DELETE', '/products/campaign'),
  ],
};

/** The console's routes (D41), but those that end the fuzzer's own sessions or change its members. */
const consolePaths = [
  '/team',
  '/team/sign-in',
  '/team/sign-in/link',
  '/team/sign-in/options',
  '/team/sign-in/passkey',
  '/team/link',
  '/team/enrol',
  '/team/enrol/options',
  '/team/enrol/passkey',
  '/team/leads',
  '/team/leads/search',
  '/team/leads/export',
  '/team/leads/:id',
  '/team/leads/:id/assign',
  '/team/leads/:id/status',
  '/team/leads/:id/notes',
  '/team/quarantine',
  '/team/quarantine/:id/release',
  '/team/demos',
  '/team/demos/:id/move',
  '/team/demos/:id/cancel',
  '/team/demos/blocks',
  '/team/demos/blocks/:id/remove',
  '/team/demos/hours',
  '/team/demos/hosts',
  '/team/demos/hosts/:id/remove',
  '/team/account',
  '/team/account/passkeys/options',
  '/team/account/passkeys',
  '/team/account/passkeys/:id/rename',
  '/team/account/passkeys/:id/remove',
  '/team/members',
  '/team/people',
  '/team/people/erase',
  '/team/audit',
  '/team/marketing',
  '/team/marketing/csv/:id',
  '/team/nothing/:id',
];
const consoleFields = [
  '_csrf',
  'q',
  'after',
  'form',
  'status',
  'assignee',
  'language',
  'source',
  'from',
  'to',
  'text',
  'ids',
  'action',
  'slot',
  'email',
  'name',
  'role',
  'zone',
  'host',
  'reason',
  'hours',
  'id',
  'member',
  'add',
  'drop',
  'mon-from',
  'mon-to',
  'confirm',
  'confirmed',
  'token',
  'before',
  'done',
];
/** The origin a console page posts from: PUBLIC_URL's, which the test app leaves at its default. */
const consoleOrigin = 'http://localhost:3000';

const remoteAddress = fc.oneof(fc.ipV4(), fc.ipV6(), fc.constantFrom('127.0.0.1', '::1', '::ffff:10.0.0.1'));

/**
 * The path the server is given: app.inject() parses the URL as a browser would, so
 * `/services/%2e%2e/x` arrives as `/x`. (Over a socket it would arrive as sent.)
 */
const servedPath = (url: string) =>
  new URL(url.startsWith('//') ? `http://localhost${url}` : url, 'http://localhost').pathname;

/** What is wrong with an answer, or null: a 5xx, a leaked stack or framework error, a service answer not in the spec's shape. */
function problemWith(sent: Request, response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  const encoded = response.headers['content-encoding'] !== undefined;
  // Fastify's error codes are upper case: read without case, "FST_" matched a console page's random
  // CSRF token ("…KFsT_c8…") in one run of 586 with this seed.
  if (!encoded && (/ {4}at |\n\s+at |FST_/.test(response.body) || /fastify/i.test(response.body)))
    return 'the answer shows a stack or the framework';
  if ('polluted' in {} || 'isAdmin' in {}) return 'Object.prototype was polluted';
  const hasBody = sent.method !== 'HEAD' && response.statusCode !== 204 && response.statusCode !== 304;
  if (servedPath(sent.url).startsWith('/services/') && hasBody) {
    let answer: unknown;
    try {
      answer = JSON.parse(response.body);
    } catch {
      return 'a service answered something that is not JSON';
    }
    const shape = answer as { error?: unknown; payload?: unknown } | null;
    if (!shape || typeof shape !== 'object' || Object.keys(shape).sort().join() !== 'error,payload') {
      return 'a service answered JSON that is not {error, payload}';
    }
    if (response.statusCode >= 400 ? typeof shape.error !== 'string' || !shape.error : shape.error !== null) {
      return `a ${response.statusCode} answer has error ${JSON.stringify(shape.error)}`;
    }
  }
  return null;
}

describe.each(await testDatabases())('every endpoint, fuzzed from the shared schemas, on $name', ({ name, open }) => {
  let db: Db;
  let app: FastifyInstance;
  let fixture: Fixture;
  let sent = 0;
  let started = Date.now();
  /** Failures by endpoint, problem, method and answer, with a few of the requests that met them (FUZZ_SURVEY=1). */
  const found = new Map<string, { count: number; examples: string[] }>();
  const statuses = new Map<string, Map<number, number>>();

  beforeAll(async () => {
    started = Date.now();
    db = await open();
    app = await testApp({ RATE_LIMIT_PER_MINUTE: '1000000' }, { db });
    // A real subscriber, so signed links and tokens reach past their signatures.
    const email = 'fuzz.member@example.com';
    const captured = await app.inject({
      method: 'GET',
      url: `/services/users/api/contacts/${apiKey}/capture/?email=${encodeURIComponent(email)}`,
    });
    expect(captured.statusCode).toBe(200);
    const { id: contactId } = (await dataAccess(db).contacts.all()).find((row) => row.email === email)!;
    const link = (await mintUnsubscribeLink(dataAccess(db), app.config, email))!;
    const [list, ref, issued, signature] = new URL(link).pathname.split('/')[2]!.split('.') as [
      string,
      string,
      string,
      string,
    ];
    const secret = await trackingSecret(dataAccess(db), app.config);
    const token = mintConfirmationToken(secret, app.config.audienceId, contactId, email, new Date());
    // A lead, a held post, and a console session for each role, so the console's routes reach past their gate.
    const data = dataAccess(db);
    const leadId = await data.leads.insert(
      'enquiry',
      'lead@acme.example',
      { fullname: 'Fuzz Lead' },
      searchKeys({ fullname: 'Fuzz Lead' }),
    );
    const heldId = await data.quarantine.insert('enquiry', 'held@acme.example', { fullname: 'Fuzz Held' }, [
      'honeypot',
    ]);
    const session = async (role: 'sales' | 'admin' | 'viewer', method: 'passkey' | 'link') => {
      const member = await data.team.upsertMember({
        email: `${role}-${method}@growmail.test`,
        name: role,
        zone: 'Africa/Lagos',
        role,
      });
      const cookie = `gm_team=${await openSession(data, member.id, method)}`;
      const page = await app.inject({ url: '/team/account', headers: { cookie } });
      const csrf = /name="csrf-token" content="([^"]+)"/.exec(page.body)![1]!;
      const secret = page.cookies.find((set) => set.name === 'gm_team_csrf')!.value;
      return { cookie: `${cookie}; gm_team_csrf=${secret}`, csrf };
    };
    fixture = {
      email,
      listId: app.config.audienceId,
      contactId,
      unsubscribe: { list, ref, issued, signature },
      token,
      console: {
        sales: await session('sales', 'passkey'),
        admin: await session('admin', 'passkey'),
        'viewer-link': await session('viewer', 'link'),
      },
      consoleIds: [leadId, heldId],
    };
  });
  afterAll(async () => {
    await app?.close();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`fuzz on ${name}: ${sent} requests in ${seconds} s (seed ${seed}, ${numRuns} runs per endpoint)`);
    const histogram = (counts: Map<number, number>) =>
      [...counts]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ');
    if (survey) for (const [endpoint, counts] of statuses) console.log(`  ${endpoint}: ${histogram(counts)}`);
    for (const [key, { count, examples }] of found) {
      console.log(`fuzz on ${name}: ${count}× ${key}\n${examples.map((example) => `    ${example}`).join('\n')}`);
    }
  });

  it.each(endpoints)(
    '%s never answers 5xx',
    async (endpoint, requests) => {
      await fc.assert(
        fc.asyncProperty(requests(fixture), remoteAddress, async (made, address) => {
          const response = await app.inject({ ...made, remoteAddress: address });
          sent += 1;
          const counts = statuses.get(endpoint) ?? new Map<number, number>();
          statuses.set(endpoint, counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1));
          const problem = problemWith(made, response);
          if (!problem) return;
          const report = `${problem}: ${describeRequest(made)} → ${response.statusCode} ${prefix(response.body, 400)}`;
          if (!survey) throw new Error(report);
          const key = `${endpoint}: ${problem} (${made.method}) → ${prefix(response.body, 100)}`;
          const seen = found.get(key) ?? { count: 0, examples: [] };
          seen.count += 1;
          if (seen.examples.length < 3) seen.examples.push(report);
          found.set(key, seen);
        }),
        { seed, numRuns, examples: (examples[endpoint]?.(fixture) ?? []).map((made) => [made, '127.0.0.1']) },
      );
      if (survey) expect([...found.keys()].filter((key) => key.startsWith(endpoint))).toEqual([]);
    },
    180_000,
  );
});
