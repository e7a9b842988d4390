import { describe, expect, it } from 'vitest';
import { alertOpens, readAlert } from '@/worker/console-alerts';

const lead = '/team/leads/0b6f4c1e-8a54-4a3b-9a7e-3c2d1f0e9b8a';
const push = (value: unknown) => ({ json: () => value });

describe('what the console’s worker shows of a push', () => {
  it('shows the alert the server sent, opening its lead', () => {
    const alert = { title: 'New lead: Kofi Mensah', body: 'Enquiry', url: lead, tag: 'lead-x' };
    expect(readAlert(push(alert))).toEqual({ ...alert, tag: `lead-${lead.slice(12)}` });
    expect(alertOpens({ url: lead }, 'https://growmail.test')).toBe(`https://growmail.test${lead}`);
  });

  it('shows a plain "New lead" opening the inbox for a push that is not an alert, and never opens a page outside the console', () => {
    const plain = { title: 'New lead', body: '', url: '/team/leads', tag: 'lead' };
    expect(readAlert(null)).toEqual(plain);
    expect(readAlert({ json: () => JSON.parse('not json') })).toEqual(plain);
    expect(readAlert(push({ title: 'Click me', url: 'https://evil.example/phish' }))).toEqual({
      ...plain,
      title: 'Click me',
    });
    expect(alertOpens({ url: '//evil.example/x' }, 'https://growmail.test')).toBe('https://growmail.test/team/leads');
    expect(alertOpens(null, 'https://growmail.test')).toBe('https://growmail.test/team/leads');
  });
});
