'use client';

import {
  honeypotField,
  newsletterConsentWording,
  parseFieldError,
  type SubmissionAccepted,
} from '@growmail/contracts/form-fields';
import { messages } from '@growmail/contracts/messages';
import { useId, useState, type FormEvent } from 'react';
import { Honeypot } from '@/components/forms/honeypot';
import { callGuestService } from '@/lib/guest-api';

/** `invalid`: the address itself was refused, not the moment (an outage leaves it marked valid). */
type Result = { kind: 'success' | 'error'; message: string; invalid?: boolean } | null;

/**
 * The footer subscribe box (spec "Screens and routes", "States and transitions", "Calls made"): GET {users}/api/contacts/{api_key}/capture/.
 * The server checks the address, so no validation code ships to every page; its message is
 * shown under the field, which is cleared on success. Subscribing is double opt-in (D23): the
 * server emails a confirmation link and records this page and the wording shown here.
 */
export function NewsletterForm({ usersUrl, apiKey }: { usersUrl: string; apiKey: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [trap, setTrap] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<Result>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setResult(null);
    const query = new URLSearchParams({
      source: 'website-api',
      email: email.trim(),
      tags: 'subscriber',
      // The server keeps at most 300 characters of it; any page may subscribe.
      page: window.location.pathname.slice(0, 300),
    });
    if (trap) query.set(honeypotField, trap);
    const answer = await callGuestService<SubmissionAccepted>(
      `${usersUrl}/api/contacts/${encodeURIComponent(apiKey)}/capture/?${query}`,
      { method: 'GET' },
    );
    setSubmitting(false);
    if (answer.payload && !answer.error) {
      setResult({ kind: 'success', message: answer.payload.message });
      setEmail('');
    } else {
      // "email: Invalid email address." → the message alone; the field is the only one here.
      const named = answer.error ? parseFieldError(answer.error) : null;
      setResult({
        kind: 'error',
        message: named?.message ?? answer.error ?? messages.subscribeFailed,
        invalid: named?.path[0] === 'email',
      });
    }
  }

  const messageId = `${id}-message`;
  return (
    <form
      noValidate
      onSubmit={submit}
      className="relative flex max-w-sm flex-col gap-2"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold text-ink-900">
        Get the newsletter
      </h2>
      <p className="text-sm text-ink-700">{newsletterConsentWording}</p>
      <label htmlFor={`${id}-email`} className="sr-only">
        Email address
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={result?.invalid || undefined}
          aria-describedby={result ? messageId : undefined}
          className={`min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 text-sm text-ink-900 placeholder:text-ink-600 ${
            result?.invalid ? 'border-red-700' : 'border-ink-300'
          }`}
        />
        <button
          type="submit"
          className="button-primary gap-2 disabled:bg-ink-600"
          disabled={submitting}
          aria-busy={submitting || undefined}
        >
          {submitting && (
            <span
              aria-hidden="true"
              className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            />
          )}
          Subscribe
        </button>
      </div>
      <Honeypot value={trap} onChange={setTrap} />
      <p
        id={messageId}
        role={result?.kind === 'error' ? 'alert' : 'status'}
        className={`text-sm font-medium empty:hidden ${result?.kind === 'error' ? 'text-red-700' : 'text-brand-800'}`}
      >
        {result?.message}
      </p>
    </form>
  );
}
