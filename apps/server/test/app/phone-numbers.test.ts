import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { demoRequest, startupLead } from '@growmail/test-support/submissions';

describe('a phone number written without its country code', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ TEAM_COUNTRY: 'GH' });
  });
  afterAll(() => app.close());

  const phoneOf = async (email: string) => {
    const lead = (await app.leads.list({})).find((row) => row.email === email);
    return JSON.parse(lead!.metadata).phone_number as string;
  };

  it.each([
    ['en', '0803 555 0101', '+2348035550101'],
    ['fr', '07 07 12 34 56', '+2250707123456'],
    // Neither a Nigerian, Kenyan nor Ivorian number: read in the team's country, Ghana here.
    ['fr', '024 123 4567', '+233241234567'],
  ] as const)('is read on a demo request in %s, %s as %s', async (language, typed, stored) => {
    const email = `${language}-${typed.replace(/\D/g, '')}@example.com`;
    const answer = await app.inject({
      method: 'POST',
      url: '/services/users/demos',
      payload: { ...demoRequest, language, metadata: { ...demoRequest.metadata, email, phone_number: typed } },
    });
    expect(answer.statusCode).toBe(201);
    expect(await phoneOf(email)).toBe(stored);
  });

  it('is read on a startup application too, and kept as typed when it reads nowhere', async () => {
    for (const [email, typed] of [
      ['startup@example.ke', '0712 345 678'],
      ['odd@example.com', '12-34'],
    ]) {
      const answer = await app.inject({
        method: 'POST',
        url: '/services/sales/leads',
        payload: { ...startupLead, metadata: { ...startupLead.metadata, email, phone_number: typed } },
      });
      expect(answer.statusCode).toBe(201);
    }
    expect([await phoneOf('startup@example.ke'), await phoneOf('odd@example.com')]).toEqual(['+254712345678', '12-34']);
  });
});
