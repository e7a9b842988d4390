import { brotliCompressSync, constants } from 'node:zlib';
import { teamRoutes } from '@growmail/contracts/team-access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { dataAccess } from '../../src/repositories/index.ts';
import { signedIn } from './console-session.ts';
import { storedLead } from '@growmail/test-support/leads';

const KB = 1024;
/** Issue 54's budget: every console page at most 10 KB of HTML as sent compressed. */
const budget = 10 * KB;

/**
 * The console’s pages: every GET in the routes table but the downloads and uploaded images, the catch-all, the link
 * pages, which need a token, and the files a browser fetches itself (the alerts' worker, the manifest).
 */
const pages = Object.keys(teamRoutes)
  .filter((route) => route.startsWith('GET '))
  .map((route) => route.slice(4))
  .filter((path) => !/export|csv|images|\*|\/link$|\/enrol$|^\/team$|\.[a-z]+$/.test(path));

describe('the console’s page budget', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  let leadId: string;

  beforeAll(async () => {
    // With web push keys, the account page shows the whole of its alerts section.
    app = await testApp({
      PUBLIC_URL: 'http://localhost:4010',
      VAPID_PUBLIC_KEY: 'BG79Eerar3ms_jOCF_bhyBsxeqWdlzLL-pPDBpwCr-5d373F_ZKKHhj3NqB0WHCMATR6Sb7n1Lp22pBbYByLLOg',
      VAPID_PRIVATE_KEY: 'vVkmHWQWvJTzozuBmME00vMN2cxjWM0VpkM46wGLGOA',
    });
    const data = dataAccess(app.db);
    // More leads than a page shows, each with a long message and a company, as a busy inbox has.
    for (let index = 0; index < 60; index++)
      leadId = await storedLead(data, 'enquiry', `person${index}@company${index}.test`, {
        fullname: `Person Number ${index} Okonkwo-Adebayo`,
        email: `person${index}@company${index}.test`,
        company: `Company ${index} Holdings Limited`,
        subject: `Question ${index} about pricing for our ${index * 1000} customers`,
        body: `We send about ${index * 5000} messages a month across email and SMS, and want to know what moving would cost. `.repeat(
          4,
        ),
      });
  });
  afterAll(() => app.close());

  it('keeps every console page within 10 KB compressed, as an admin sees it with a full inbox', async () => {
    const { cookies, member } = await signedIn(app, 'admin');
    const data = dataAccess(app.db);
    for (let index = 0; index < 5; index++)
      await data.leads.addNote(leadId, { id: member.id, name: member.name }, `Called them, note ${index}.`);
    const sizes: string[] = [];
    const over: string[] = [];
    // The longest entry's form, the privacy notice in English and French, and the widest, the prices.
    const urls = pages.flatMap((path) =>
      ['legal.privacy', 'prices'].map((entry) => path.replace(':id', leadId).replace(':entry', entry)),
    );
    for (const url of new Set(urls)) {
      const answer = await app.inject({ url, cookies, headers: { 'accept-encoding': 'br' } });
      expect([url, answer.statusCode]).toEqual([url, 200]);
      expect(answer.headers['content-type'], url).toContain('text/html');
      const bytes =
        answer.headers['content-encoding'] === 'br'
          ? answer.rawPayload.length
          : brotliCompressSync(answer.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
      sizes.push(`${url} ${(bytes / KB).toFixed(2)}`);
      if (bytes > budget) over.push(`${url}: ${(bytes / KB).toFixed(2)} KB`);
    }
    console.log(`Console pages, KB compressed:\n${sizes.join('\n')}`);
    expect(pages.length).toBeGreaterThan(8);
    expect(over).toEqual([]);
  });
});
