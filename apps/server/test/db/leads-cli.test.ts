import type { LeadKind } from '@growmail/contracts/form-names';
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { parseLeadsArgs } from '../../src/cli/leads.ts';
import { UsageError } from '../../src/cli/run.ts';
import { loadConfig } from '../../src/config.ts';
import { migrateToLatest, openDatabase, type Db } from '../../src/db/index.ts';
import { safeCell } from '../../src/lib/report-text.ts';
import { text } from 'node:stream/consumers';
import { leadReport, readLeads, type LeadFormat, type LeadLimit } from '../../src/submissions/lead-report.ts';
import { storeLead } from '../../src/submissions/store-lead.ts';
import { testDatabases } from '@growmail/test-support/databases';
import { dataAccess } from '../../src/repositories/index.ts';
import { fixturesRepository } from '@growmail/test-support/fixtures';

const config = loadConfig({});
const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../', import.meta.url));

async function seed(db: Db) {
  await db.kysely.transaction().execute(async (trx) => {
    // created_at is never updated by the app; here it dates the seed rows.
    const fixtures = fixturesRepository(db.kysely).in(trx);
    const demo = await storeLead(dataAccess(db), trx, config, 'demo', 'grace@compile.example', {
      type: 'demo',
      firstname: 'Grace',
      lastname: 'Hopper',
      company_name: '=HYPERLINK("http://evil.example")',
      email: 'grace@compile.example',
      phone_number: '+2348031234567',
      subscribers: '0:100K',
    });
    const enquiry = await storeLead(dataAccess(db), trx, config, 'enquiry', 'ada@example.com', {
      fullname: 'Ada, Countess',
      email: 'ada@example.com',
      subject: 'Agency "pricing"',
      body: 'Two\nlines',
    });
    await fixtures.backdateLead(demo, '2026-01-10T09:00:00.000Z');
    await fixtures.backdateLead(enquiry, '2026-02-01T12:30:00.000Z');
  });
}

/**
 * The source's columns (D42), after every form's, so an older reader finds its columns where they
 * were; then the first landing's (issue 40), last for the same reason.
 */
const sourceHeader =
  '"source","form_page","entry_page","utm_source","utm_medium","utm_campaign","utm_content","utm_term","click_id","referrer_host",' +
  '"first_page","first_utm_source","first_utm_medium","first_utm_campaign","first_utm_content","first_utm_term","first_landed_at"';
/** A lead stored without a source: every source cell empty. */
const noSource = Array.from({ length: 17 }, () => '""').join(',');

describe('the leads command line', () => {
  it.each([
    [['list'], { command: 'list', format: 'table', limit: 50 }],
    [['list', '--limit', '3'], { command: 'list', format: 'table', limit: 3 }],
    [['list', '--all', '--type', 'demo'], { command: 'list', type: 'demo', format: 'table', limit: 'all' }],
    [['export', '--type', 'demo'], { command: 'export', type: 'demo', format: 'csv', limit: 'all' }],
    [
      ['export', '--since', '2026-02-01', '--format', 'json'],
      { command: 'export', since: '2026-02-01T00:00:00.000Z', format: 'json', limit: 'all' },
    ],
    [['quarantine', 'list'], { command: 'quarantine', action: 'list', limit: 50 }],
    [['quarantine', 'list', '--limit', '7'], { command: 'quarantine', action: 'list', limit: 7 }],
    [['quarantine', 'list', '--all'], { command: 'quarantine', action: 'list', limit: 'all' }],
  ])('reads %j', (argv, options) => {
    expect(parseLeadsArgs(argv)).toEqual(options);
  });

  it.each([
    [[]],
    [['show']],
    [['list', '--type', 'spam']],
    [['list', '--since', 'yesterday']],
    [['export', '--format', 'xml']],
    [['list', '--limit', '0']],
    [['list', '--limit', 'ten']],
    [['list', '--limit', '3', '--all']],
    [['export', '--limit', '3']],
    [['export', '--all']],
    [['quarantine', 'release', 'q-1', '--all']],
  ])('refuses %j with a usage error', (argv) => {
    expect(() => parseLeadsArgs(argv)).toThrow(UsageError);
  });
});

describe('CSV cells, by OWASP’s CSV-injection guidance', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['\n=1', "'\n=1"],
    [';=1+1', "';=1+1"],
    [",=cmd|' /C calc'!A0", "',=cmd|' /C calc'!A0"],
    ['  =1+1', "'  =1+1"],
    [' ;1', "' ;1"],
    [' \t1', "' \t1"],
    ['Ada', 'Ada'],
    ['ada@example.com', 'ada@example.com'],
    ['Lagos; Nigeria', 'Lagos; Nigeria'],
    ['Adébáyọ̀ 🎉', 'Adébáyọ̀ 🎉'],
  ])('%j is written as %j', (cell, written) => {
    expect(safeCell(cell)).toBe(written);
  });
});

describe.each(await testDatabases())('reading leads on $name', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
    await seed(db);
  });
  afterAll(() => db?.close());

  /** What `npm run leads` prints for these options. */
  const report = (options: { type?: LeadKind; since?: string; format: LeadFormat; limit?: LeadLimit }) =>
    text(leadReport(dataAccess(db), options));

  it('lists leads newest first, filtered by type and date', async () => {
    expect((await readLeads(dataAccess(db), {})).map((lead) => lead.type)).toEqual(['enquiry', 'demo']);
    expect((await readLeads(dataAccess(db), { type: 'demo' })).map((lead) => lead.email)).toEqual([
      'grace@compile.example',
    ]);
    expect((await readLeads(dataAccess(db), { since: '2026-01-15T00:00:00.000Z' })).map((lead) => lead.type)).toEqual([
      'enquiry',
    ]);
    const table = await report({ format: 'table' });
    expect(table).toContain('2026-02-01 12:30  enquiry  ada@example.com');
    expect(table).toContain('Grace Hopper');
    expect(table).toMatch(/2 leads\n$/);
  });

  /** Writes a lead straight to the database, as the forms now refuse control characters; gone after the test. */
  async function addLead(kind: LeadKind, email: string, metadata: Record<string, unknown>) {
    const id = await db.kysely
      .transaction()
      .execute((trx) => storeLead(dataAccess(db), trx, config, kind, email, metadata));
    onTestFinished(async () => {
      await dataAccess(db).people.remove('leads', [id]);
    });
    return id;
  }

  it('lists a lead whose name carries terminal escapes as visible text, never raw control characters', async () => {
    await addLead('demo', 'mallory@example.com', {
      type: 'demo',
      firstname: 'Mal\u001b]0;owned\u0007\u001b[31mRed',
      lastname: 'Tab\tCR\rDEL\u007fCSI\u009b',
      company_name: 'Line\nBreak',
      email: 'mallory@example.com',
    });
    const table = await report({ type: 'demo', format: 'table' });
    const lines = table.split('\n');
    expect(lines).toHaveLength(5); // header, two leads, the count, and the final newline
    // eslint-disable-next-line no-control-regex -- the assertion is about control characters
    for (const line of lines) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(table).toContain('Mal\\x1b]0;owned\\x07\\x1b[31mRed Tab\\tCR\\rDEL\\x7fCSI\\x9b, Line\\nBreak');
  });

  it('keeps letters and emoji as they are, and lines the columns up after escaping', async () => {
    await addLead('startup', 'adébáyọ̀@example.ng', { firstname: 'Adébáyọ̀', lastname: 'Ògúnlẹ́sì 🎉' });
    await addLead('startup', 'esc\u001b@example.com', { firstname: 'Tab\tbed' });
    const table = await report({ type: 'startup', format: 'table' });
    expect(table).toContain('Adébáyọ̀ Ògúnlẹ́sì 🎉');
    expect(table).toContain('esc\\x1b@example.com  Tab\\tbed');
    // What a terminal shows: one column per grapheme, so "ọ̀" takes one.
    const shown = (text: string) => [...new Intl.Segmenter().segment(text)].length;
    const [header, ...rows] = table.split('\n');
    const detailsAt = rows.slice(0, 2).map((row) => shown(row.slice(0, row.search(/Adé|Tab/))));
    expect(detailsAt).toEqual([header!.indexOf('details'), header!.indexOf('details')]);
  });

  it.each([
    ['=1+1', `"'=1+1"`],
    ['+1', `"'+1"`],
    ['-1', `"'-1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ['\n=1', `"'\n=1"`],
    [';=1+1', `"';=1+1"`],
    [',=1+1', `"',=1+1"`],
    [' =1+1', `"' =1+1"`],
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['Ada', '"Ada"'],
    ['ada@example.com', '"ada@example.com"'],
    ['', '""'],
  ])('exports the cell %j as %s, quoted like every other cell', async (cell, written) => {
    const id = await addLead('savings', 'ada@example.com', { savings: cell });
    const [lead] = await readLeads(dataAccess(db), { type: 'savings' });
    expect(await report({ type: 'savings', format: 'csv' })).toBe(
      `"id","type","email","language","created_at","contact_count","current_cost","savings","services",${sourceHeader}\n` +
        `"${id}","savings","ada@example.com","en","${lead!.created_at}","","",${written},"",${noSource}\n`,
    );
  });

  it.each([
    ['demo', 'firstname,lastname,company_name,phone_number,subscribers,demo_start,demo_zone'],
    ['startup', 'firstname,lastname,company_name,phone_number,user_count,annual_budget'],
    ['savings', 'contact_count,current_cost,savings,services'],
    ['enquiry', 'fullname,subject,body'],
  ] satisfies [LeadKind, string][])(
    'heads a CSV of %s leads with the fields of its form, known before any row is read',
    async (type, fields) => {
      const [header] = (await report({ type, format: 'csv' })).split('\n');
      expect(header).toBe(
        [
          ...['id', 'type', 'email', 'language', 'created_at', ...fields.split(',')].map((c) => `"${c}"`),
          sourceHeader,
        ].join(','),
      );
    },
  );

  it('exports CSV that a spreadsheet reads safely, and JSON with every field', async () => {
    await addLead('savings', 'bola@example.ng', { savings: 120, services: { push: true }, referrer: 'a fair' });
    const csv = await report({ format: 'csv' });
    const [header] = csv.split('\n');
    // Every form's fields, once each, in the order of the forms.
    expect(header).toBe(
      `"id","type","email","language","created_at","firstname","lastname","company_name","phone_number","subscribers","demo_start","demo_zone","user_count","annual_budget","contact_count","current_cost","savings","services","fullname","subject","body",${sourceHeader}`,
    );
    // Every cell is quoted, so a spreadsheet in any locale keeps each one whole.
    expect(csv).toContain('"enquiry","ada@example.com","en"');
    expect(csv).toContain('"Ada, Countess","Agency ""pricing""","Two\nlines"');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv).toContain('"120","{""push"":true}"');
    // A field the form's schema does not name has no column; the JSON keeps it.
    expect(csv).not.toContain('a fair');
    const json = await report({ format: 'json' });
    expect(json).toBe(`${JSON.stringify(await readLeads(dataAccess(db), {}), null, 2)}\n`);
    expect(JSON.parse(json)).toContainEqual(
      expect.objectContaining({ type: 'savings', metadata: expect.objectContaining({ referrer: 'a fair' }) }),
    );
    expect(JSON.parse(await report({ type: 'enquiry', format: 'json' }))).toEqual([
      expect.objectContaining({ type: 'enquiry', metadata: expect.objectContaining({ body: 'Two\nlines' }) }),
    ]);
    expect(await report({ type: 'startup', format: 'json' })).toBe('[]\n');
  });

  it('exports where a lead came from (D42) in the columns after its form’s', async () => {
    const source = {
      channel: 'site' as const,
      form_page: '/fr/contact',
      visit: {
        entry_path: '/fr',
        utm_source: 'newsletter',
        utm_medium: null,
        utm_campaign: 'tabaski',
        utm_content: null,
        utm_term: null,
        click_id: 'gclid',
        referrer_host: null,
        started_at: '2026-11-27T09:00:00.000Z',
      },
      first_touch: {
        path: '/fr/pricing',
        utm_source: 'partner',
        utm_medium: 'referral',
        utm_campaign: null,
        utm_content: null,
        utm_term: null,
        landed_at: '2026-10-02T16:45:12.000Z',
      },
    };
    const id = await db.kysely
      .transaction()
      .execute((trx) =>
        storeLead(dataAccess(db), trx, config, 'enquiry', 'sourced@example.sn', { fullname: 'Awa' }, 'fr', source),
      );
    onTestFinished(async () => {
      await dataAccess(db).people.remove('leads', [id]);
    });
    const row = (await report({ type: 'enquiry', format: 'csv' })).split('\n').find((line) => line.includes(id));
    expect(row).toMatch(
      /,"site","\/fr\/contact","\/fr","newsletter","","tabaski","","","gclid","","\/fr\/pricing","partner","referral","","","","2026-10-02T16:45:12.000Z"$/,
    );
    const [lead] = JSON.parse(await report({ type: 'enquiry', format: 'json' })) as { source: unknown }[];
    expect(lead!.source).toEqual(source);
  });

  it('exports the language each lead was sent in (D37)', async () => {
    const id = await db.kysely
      .transaction()
      .execute((trx) =>
        storeLead(dataAccess(db), trx, config, 'startup', 'awa@example.sn', { firstname: 'Awa' }, 'fr'),
      );
    onTestFinished(async () => {
      await dataAccess(db).people.remove('leads', [id]);
    });
    const [header, row] = (await report({ type: 'startup', format: 'csv' })).split('\n');
    expect(header).toMatch(/^"id","type","email","language","created_at","firstname",/);
    expect(row).toMatch(new RegExp(`^"${id}","startup","awa@example.sn","fr","[^"]+","Awa",`));
    expect(JSON.parse(await report({ type: 'startup', format: 'json' }))).toEqual([
      expect.objectContaining({ id, language: 'fr', metadata: { firstname: 'Awa' } }),
    ]);
  });
});

describe('npm run leads and npm run unsubscribe-link', () => {
  it('read the configured database', { timeout: 30_000 }, async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gm-leads-')), 'db.sqlite');
    const db = openDatabase(`sqlite:${file}`);
    await migrateToLatest(db.kysely);
    await seed(db);
    const contact = 'reader@example.com';
    const fixtures = fixturesRepository(db.kysely);
    await fixtures.addContact('c-1', contact);
    await fixtures.addList('newsletter', 'Newsletter');
    await fixtures.addMembership('newsletter', 'c-1');
    await db.close();
    const env = { ...process.env, DATABASE_URL: `sqlite:${file}`, PUBLIC_URL: 'https://www.example.com' };

    const exported = await run(
      'npm',
      ['run', '--silent', 'leads', '--', 'export', '--type', 'demo', '--format', 'json'],
      {
        cwd: root,
        env,
      },
    );
    expect(JSON.parse(exported.stdout)).toEqual([expect.objectContaining({ email: 'grace@compile.example' })]);

    const link = await run('npm', ['run', '--silent', 'unsubscribe-link', '--', contact], { cwd: root, env });
    expect(link.stdout.trim()).toMatch(
      /^https:\/\/www\.example\.com\/unsubscription\/[\w.-]+\/reader%40example\.com\/c-1$/,
    );

    await expect(
      run('npm', ['run', '--silent', 'leads', '--', 'export', '--type', 'nope'], { cwd: root, env }),
    ).rejects.toThrow(/--type must be one of/);
  });
});
