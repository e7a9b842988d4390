import { describe, expect, it } from 'vitest';
import { memberAlert, memberAlertSchema } from '../src/team-alerts.ts';

const id = '0b6f4c1e-8a54-4a3b-9a7e-3c2d1f0e9b8a';

describe('a member’s alert of a lead (issue 54)', () => {
  it('says who and which form in the team’s words, and opens the lead', () => {
    expect(memberAlert('new', { id, form: 'demo', name: 'Funmilayo Adeyemi' })).toEqual({
      title: 'New lead: Funmilayo Adeyemi',
      body: 'Demo request',
      url: `/team/leads/${id}`,
      tag: `lead-${id}`,
    });
    expect(memberAlert('assigned', { id, form: 'startup', name: 'Kwame' })).toMatchObject({
      title: 'Assigned to you: Kwame',
      body: 'Startup programme. It is yours to follow up.',
    });
  });

  it('names "Someone" for a form without a name, keeps a name to one short line, and passes its own schema', () => {
    expect(memberAlert('new', { id, form: 'savings', name: '' }).title).toBe('New lead: Someone');
    const long = memberAlert('new', { id, form: 'enquiry', name: `Ada\u0007\nLovelace ${'x'.repeat(200)}` });
    expect(long.title).toMatch(/^New lead: Ada Lovelace x+…$/);
    expect(long.title.length).toBeLessThanOrEqual(120);
    expect(memberAlertSchema.safeParse(long).success).toBe(true);
  });
});
