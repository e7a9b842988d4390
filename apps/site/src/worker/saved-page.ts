import { hiddenFields } from './offline-rules';

/** A submission kept on the device (D39): the form's own post, with the key made for it. */
export type SavedSubmission = {
  key: string;
  /** The page the form posts to. */
  url: string;
  /** The form's fields, URL-encoded as the browser posted them. */
  body: string;
  savedAt: number;
  /** Waiting to be sent, or refused when it was (then `page` is the server's answer, values kept). */
  state: 'waiting' | 'refused';
  page?: string;
  status?: number;
};

export const savedTitle = 'Saved on this phone. We will send it as soon as you are back online.';

/** The path a discard button posts to; only the worker answers it. */
export const discardPath = '/gm-offline/discard';

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The lead forms' fields as their labels read; another field by its name. */
const labels: Record<string, string> = {
  fullname: 'Full name',
  firstname: 'First name',
  lastname: 'Last name',
  company_name: 'Company name',
  email: 'Email',
  phone_number: 'Phone number',
  subscribers: 'Number of users',
  user_count: 'Number of users',
  annual_budget: 'Annual budget',
  subject: 'Subject',
  body: 'Message',
  slot: 'Demo time',
  zone: 'Time zone',
};

const labelOf = (name: string) => labels[name] ?? name.replace(/_/g, ' ');

/**
 * The page that tells the visitor their submission is kept: what will be sent, and a button to
 * discard it. Made by the worker itself, since the network that would fetch a page is gone.
 */
export function savedPage(saved: SavedSubmission): string {
  const rows = [...new URLSearchParams(saved.body)]
    .filter(([name, value]) => !hiddenFields.has(name) && value.trim())
    .map(([name, value]) => `<dt>${escape(labelOf(name))}</dt><dd>${escape(value)}</dd>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Saved on this phone</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:1.5rem;color:#111827;line-height:1.5}dt{font-weight:700;margin-top:.75rem}dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}button{margin-top:1.5rem;padding:.6rem 1.2rem;font:inherit;border:2px solid #111827;border-radius:.5rem;background:#fff;color:#111827}a{color:#1d4ed8}</style>
</head>
<body>
<main>
<h1>${escape(savedTitle)}</h1>
<p>It stays on this device for at most 24 hours, and is deleted once sent.</p>
<h2>What will be sent</h2>
<dl>${rows}</dl>
<form method="post" action="${discardPath}">
<input type="hidden" name="key" value="${escape(saved.key)}">
<button type="submit">Discard it</button>
</form>
<p><a href="/">Back to the home page</a></p>
</main>
</body>
</html>`;
}
