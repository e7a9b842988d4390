import { readFileSync } from 'node:fs';
import { sandboxKey, sandboxRecipients, sandboxTestDomain } from '@growmail/contracts/sandbox';
import { testApp } from '@growmail/test-support/app';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unauthorizedMessage } from '../../src/sandbox/index.ts';
import { sandboxMemory } from '../../src/sandbox/memory.ts';

/** The sandbox of the documented API (D33), through app.inject() on the real exported site. */
let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => app.close());

const headers = { authorization: `Bearer ${sandboxKey}`, 'content-type': 'application/json' };
const post = (path: string, payload: unknown, extra: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/sandbox${path}`,
    headers: { ...headers, ...extra },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const pdf = (bytes: number) => Buffer.alloc(bytes, 0x25).toString('base64');
const send = (recipient: string, more: object = {}) =>
  post('/v1/transactionals', { template_code: 'order-receipt', recipient_email: recipient, ...more });

describe('the sandbox answers the documented operations', () => {
  it('creates a contact with an id and the fields sent, and updates it on a second call', async () => {
    const first = await post('/v1/contacts', {
      email: 'ada@example.com',
      firstname: 'Ada',
      extra_data: { plan: 'growth' },
    });
    expect(first.statusCode).toBe(200);
    const created = first.json().payload.data;
    expect(created).toMatchObject({ email: 'ada@example.com', firstname: 'Ada', extra_data: { plan: 'growth' } });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.json()).toMatchObject({ error: null, payload: { meta: { size: 1 } } });

    const second = await post('/v1/contacts', { email: 'ada@example.com', lastname: 'Obi', extra_data: { seats: 5 } });
    expect(second.json().payload.data).toMatchObject({
      id: created.id,
      created_at: created.created_at,
      firstname: 'Ada',
      lastname: 'Obi',
      extra_data: { plan: 'growth', seats: 5 },
    });
  });

  it('accepts an automation event and echoes it', async () => {
    const response = await post('/v1/automations', { event_code: 'user.signed_up', contact_email: 'ada@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload.data).toMatchObject({
      event_code: 'user.signed_up',
      contact_email: 'ada@example.com',
    });
  });

  it('queues a transactional to any other address and sends nothing', async () => {
    const response = await send('ada@example.com', {
      attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: pdf(30) }],
    });
    expect(response.json().payload.data).toMatchObject({
      template_code: 'order-receipt',
      recipient_email: 'ada@example.com',
      status: 'queued',
      attachments: [{ filename: 'a.pdf', bytes: 30 }],
    });
  });

  for (const recipient of sandboxRecipients) {
    it(`reports ${recipient.status} for ${recipient.local}@${sandboxTestDomain}`, async () => {
      const response = await send(`${recipient.local}@${sandboxTestDomain}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().payload.data.status).toBe(recipient.status);
    });
  }

  it('keeps no more contacts than its bound', async () => {
    const { SandboxContacts } = await import('../../src/sandbox/memory.ts');
    const contacts = new SandboxContacts();
    for (let index = 0; index < sandboxMemory.contacts + 50; index += 1)
      contacts.upsert({ email: `c${index}@example.com` });
    expect(contacts.size).toBe(sandboxMemory.contacts);
  });
});

describe('the sandbox refuses', () => {
  it('any key but the published one, with 401', async () => {
    for (const authorization of ['Bearer gm_live_123', 'Bearer ', `Basic ${sandboxKey}`, `Bearer ${sandboxKey}x`]) {
      const response = await post('/v1/contacts', { email: 'ada@example.com' }, { authorization });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: unauthorizedMessage, payload: null });
    }
    const documented = readFileSync(new URL('../../../site/src/content/openapi.yaml', import.meta.url), 'utf8');
    expect(documented).toContain(`error: '${unauthorizedMessage}'`);
    const none = await app.inject({ method: 'POST', url: '/sandbox/v1/contacts', payload: { email: 'a@b.co' } });
    expect(none.statusCode).toBe(401);
  });

  const cases: [string, string, unknown, RegExp][] = [
    ['a missing field', '/v1/contacts', {}, /^email: is required/],
    ['a wrong type', '/v1/contacts', { email: 42 }, /^email: must be string/],
    ['a bad email', '/v1/automations', { event_code: 'a', contact_email: 'nope' }, /^contact_email: must be an email/],
    ['an unknown field', '/v1/contacts', { email: 'a@b.co', nickname: 'A' }, /^nickname: is not a field/],
    ['a nested unknown field', '/v1/contacts', { email: 'a@b.co', address: { city: 'Lagos' } }, /^address\.city: /],
    ['a pattern', '/v1/contacts', { email: 'a@b.co', address: { country: 'ng' } }, /^address\.country: must match/],
    ['an enum', '/v1/contacts', { email: 'a@b.co', gender: 'other' }, /^gender: must be one of/],
    [
      'a control character',
      '/v1/contacts',
      { email: 'a@b.co', firstname: 'A\u0007da' },
      /^firstname: must not contain control/,
    ],
    [
      'a lone surrogate',
      '/v1/automations',
      { event_code: 'a', contact_email: 'a@b.co', context: { k: '\ud800' } },
      /^context\.k: /,
    ],
    ['a body that is not an object', '/v1/contacts', [1, 2], /^body: must be object/],
    [
      'an attachment of the wrong type',
      '/v1/transactionals',
      {
        template_code: 't',
        recipient_email: 'a@b.co',
        attachments: [{ filename: 'a', contentType: 'text/html', content: 'AA==' }],
      },
      /^attachments\[0\]\.contentType: must be one of/,
    ],
    [
      'an attachment path',
      '/v1/transactionals',
      {
        template_code: 't',
        recipient_email: 'a@b.co',
        attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', path: 'https://127.0.0.1/a.pdf' }],
      },
      /^attachments\[0\]\.path: The sandbox never downloads/,
    ],
    [
      'an attachment that is not base64',
      '/v1/transactionals',
      {
        template_code: 't',
        recipient_email: 'a@b.co',
        attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: 'not base64!' }],
      },
      /^attachments\[0\]\.content: must be base64/,
    ],
  ];
  for (const [what, path, body, message] of cases) {
    it(`${what}, with 400 naming it`, async () => {
      const response = await post(path, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.stringMatching(message), payload: null });
    });
  }

  it('an attachment over 1 MB, with 400', async () => {
    const response = await send('a@b.co', {
      attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: pdf(1024 * 1024 + 3) }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^attachments\[0\]\.content: /);
  });

  it('malformed JSON, a wrong media type and a huge body, with 4xx JSON', async () => {
    const malformed = await post('/v1/contacts', '{"email": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'The request body is not valid JSON.', payload: null });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const other = await post('/v1/contacts', 'email=a@b.co', { 'content-type': type });
      expect([400, 415]).toContain(other.statusCode);
      expect(other.json().payload).toBeNull();
    }
    const huge = await post(
      '/v1/contacts',
      JSON.stringify({ email: 'a@b.co', firstname: 'x'.repeat(3 * 1024 * 1024) }),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().payload).toBeNull();
  });

  it('an operation the document does not have, with a JSON 404', async () => {
    const response = await post('/v1/lists', { name: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json().payload).toBeNull();
  });
});

describe('the sandbox is rate limited per address', () => {
  it('answers 429 past the limit, as the forms do', async () => {
    const limited = await testApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 4; index += 1) {
        const response = await limited.inject({
          method: 'POST',
          url: '/sandbox/v1/contacts',
          headers,
          payload: { email: 'a@b.co' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
