import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.ts';
import { testApp } from '@growmail/test-support/app';
import { testDatabases } from '@growmail/test-support/databases';
import { savingsLead as savings, startupLead as startup } from '@growmail/test-support/submissions';
import { dataAccess } from '../../src/repositories/index.ts';

describe.each(await testDatabases())('POST /services/sales/leads on $name', ({ open }) => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await open();
    app = await testApp({}, { db });
  });
  afterAll(async () => {
    await app?.close();
  });

  let requests = 0;
  // Each request from its own address, so only the rate-limit test meets the limit.
  const post = (payload: object) =>
    app.inject({ method: 'POST', url: '/services/sales/leads', payload, remoteAddress: `10.1.0.${++requests}` });

  it.each([
    ['savings', savings],
    ['startup', startup],
  ])('stores a %s lead before answering 201', async (type, lead) => {
    const response = await post(lead);
    expect(response.statusCode).toBe(201);
    const { error, payload } = response.json();
    expect(error).toBeNull();
    const row = (await dataAccess(db).leads.find(payload.id))!;
    expect(row.type).toBe(type);
    // Phone numbers are kept in E.164 when they parse.
    const stored = type === 'startup' ? { ...lead.metadata, phone_number: '+2348031234567' } : lead.metadata;
    expect(JSON.parse(row.metadata)).toEqual(stored);
    // The notification to sales was written with the lead.
    const mails = (await dataAccess(db).mail.all()).filter((mail) => mail.topic === `lead:${type}`);
    expect(mails.some((mail) => mail.message.includes(payload.id))).toBe(true);
  });

  it('collapses the same application sent twice within a minute into one', async () => {
    const again = { ...startup, metadata: { ...startup.metadata, company_name: 'Twice Co' } };
    const first = await post(again);
    const second = await post(again);
    expect(second.statusCode).toBe(201);
    expect(second.json().payload.id).toBe(first.json().payload.id);
    const rows = (await dataAccess(db).leads.list({})).filter((row) => row.metadata.includes('Twice Co'));
    expect(rows).toHaveLength(1);
  });

  it('answers a filled honeypot with an ordinary 201 and holds the application in quarantine, not as a lead', async () => {
    const bot = { ...startup, metadata: { ...startup.metadata, company_name: 'Bot Co' }, homepage: 'spam' };
    const response = await post(bot);
    expect(response.statusCode).toBe(201);
    expect(response.json().payload.message).toBe('Application submitted successfully');
    const rows = (await dataAccess(db).leads.list({})).filter((row) => row.metadata.includes('Bot Co'));
    expect(rows).toEqual([]);
    const held = await dataAccess(db).quarantine.find(response.json().payload.id);
    expect(held && { form: held.form }).toEqual({ form: 'startup' });
  });

  it('refuses an oversized body with 413', async () => {
    const big = { ...startup, metadata: { ...startup.metadata, company_name: 'x'.repeat(20 * 1024) } };
    const response = await post(big);
    expect(response.statusCode).toBe(413);
  });

  it('answers 429 beyond the per-address limit', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i += 1) {
      const lead = { ...savings, metadata: { ...savings.metadata, contact_count: 1000 + i } };
      statuses.push(
        (await app.inject({ method: 'POST', url: '/services/sales/leads', payload: lead, remoteAddress: '10.9.9.9' }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it.each([
    [
      { ...savings, metadata: { ...savings.metadata, email: 'not-an-email' } },
      'metadata.email: Invalid email address.',
    ],
    [{ ...savings, metadata: { ...savings.metadata, contact_count: 'many' } }, 'metadata.contact_count'],
    [
      { ...startup, metadata: { ...startup.metadata, user_count: '1M' } },
      'metadata.user_count: Number of app users is required.',
    ],
    [{ ...startup, metadata: { ...startup.metadata, firstname: '  ' } }, 'metadata.firstname: First name is required.'],
    [{ type: 'demo', metadata: {} }, "type must be 'savings' or 'startup'."],
  ])('answers 400 naming the field for %j', async (lead, message) => {
    const response = await post(lead);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
    expect(response.json().payload).toBeNull();
  });
});
