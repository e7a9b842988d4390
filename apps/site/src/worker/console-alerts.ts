import type { MemberAlert } from '@growmail/contracts/team-alerts';

/**
 * What the console's worker makes of a push (issue 54), as plain rules with no worker API in
 * them, so unit tests read them as the worker does.
 */

const leadPath = /^\/team\/leads\/[0-9a-f-]{36}$/;
const text = (value: unknown, longest: number) => (typeof value === 'string' ? value.slice(0, longest) : '');

/**
 * The alert a push carries (`memberAlert` on the server). A push that is not one, or whose link
 * is not a lead's page in the console, shows as a plain "New lead" that opens the inbox: a
 * notification must show for every push, and none opens a page outside the console.
 */
export function readAlert(data: { json(): unknown } | null): MemberAlert {
  let sent: Record<string, unknown> = {};
  try {
    const json = data?.json();
    if (json && typeof json === 'object') sent = json as Record<string, unknown>;
  } catch {
    // Not JSON: the plain alert below.
  }
  const url = typeof sent.url === 'string' && leadPath.test(sent.url) ? sent.url : '/team/leads';
  return {
    title: text(sent.title, 120) || 'New lead',
    body: text(sent.body, 200),
    url,
    tag: url === '/team/leads' ? 'lead' : `lead-${url.slice('/team/leads/'.length)}`,
  };
}

/** Where a click on an alert goes: its lead's page in the console, on this origin. */
export function alertOpens(data: unknown, origin: string): string {
  const url = (data as { url?: unknown } | null)?.url;
  return new URL(typeof url === 'string' && leadPath.test(url) ? url : '/team/leads', origin).href;
}
