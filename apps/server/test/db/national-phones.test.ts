import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@growmail/test-support/databases';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/index.ts';
import { up } from '../../src/db/migrations/0025-national-phones.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { storeLead } from '../../src/submissions/store-lead.ts';

const config = loadConfig({ LOG_LEVEL: 'silent' });

describe.each(await testDatabases())('phone numbers kept as typed, read again on $name', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.close());

  const lead = (phone: string, language: 'en' | 'fr', email: string) =>
    db.kysely
      .transaction()
      .execute((trx) =>
        storeLead(
          dataAccess(db),
          trx,
          config,
          'demo',
          email,
          { email, phone_number: phone, firstname: 'Ada' },
          language,
        ),
      );
  const phoneOf = async (id: string) =>
    JSON.parse((await dataAccess(db).leads.find(id))!.metadata).phone_number as string;

  it('reads each in its language’s markets, and leaves alone what reads in none or was already whole', async () => {
    const lagos = await lead('0803 555 0101', 'en', 'a@example.ng');
    const abidjan = await lead('07 07 12 34 56', 'fr', 'b@example.ci');
    const odd = await lead('ext. 12', 'en', 'c@example.com');
    const whole = await lead('+254712345678', 'en', 'd@example.ke');
    const enquiry = await db.kysely
      .transaction()
      .execute((trx) => storeLead(dataAccess(db), trx, config, 'enquiry', 'e@example.com', { fullname: 'Eve' }));
    // A migration sees no tables' types.
    await up(db.kysely as unknown as Kysely<unknown>);
    expect([await phoneOf(lagos), await phoneOf(abidjan), await phoneOf(odd), await phoneOf(whole)]).toEqual([
      '+2348035550101',
      '+2250707123456',
      'ext. 12',
      '+254712345678',
    ]);
    expect(JSON.parse((await dataAccess(db).leads.find(enquiry))!.metadata)).toEqual({ fullname: 'Eve' });
  });
});
