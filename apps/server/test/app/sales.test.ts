import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.ts';
import { testApp } from '../support/app.ts';
import { testDatabases } from '../support/databases.ts';

const savings = {
  type: 'savings',
  metadata: {
    email: 'ada@example.com',
    type: 'savings',
    contact_count: 20000,
    current_cost: 12000,
    savings: 8000,
    services: { campaign: true, automation: true, transactional: false, push: false },
  },
};
const startup = {
  type: 'startup',
  metadata: {
    type: 'startup',
    firstname: 'Grace',
    lastname: 'Hopper',
    company_name: 'Compile Co',
    email: 'grace@example.com',
    phone_number: '+234 803 123 4567',
    user_count: '10:50K',
    annual_budget: '1K:5K',
  },
};

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

  const post = (payload: object) => app.inject({ method: 'POST', url: '/services/sales/leads', payload });

  it.each([
    ['savings', savings],
    ['startup', startup],
  ])('stores a %s lead before answering 201', async (type, lead) => {
    const response = await post(lead);
    expect(response.statusCode).toBe(201);
    const { error, payload } = response.json();
    expect(error).toBeNull();
    const row = await db.kysely.selectFrom('leads').selectAll().where('id', '=', payload.id).executeTakeFirstOrThrow();
    expect(row.type).toBe(type);
    expect(JSON.parse(row.metadata)).toEqual(lead.metadata);
  });

  it.each([
    [
      { ...savings, metadata: { ...savings.metadata, email: 'not-an-email' } },
      'metadata.email: Invalid email address.',
    ],
    [{ ...savings, metadata: { ...savings.metadata, contact_count: 'many' } }, 'metadata.contact_count'],
    [
      { ...startup, metadata: { ...startup.metadata, user_count: '1M' } },
      'metadata.user_count: Number of users is required.',
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
