import { newsletterWords } from '@/components/newsletter/newsletter-words';
import { parseFieldError, type SubmissionAccepted } from '@growmail/contracts/form-fields';
import { formActions } from '@growmail/contracts/form-posts';
import { messages } from '@growmail/contracts/messages';
import { useId, useState, type FormEvent } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { useGuestSubmit } from '@/components/forms/guest-submit';
import { Honeypot } from '@/components/forms/honeypot';
import { PostFields } from '@/components/forms/post-fields';
import { useServedForm, type ServedProps } from '@/components/forms/server-state';
import { SubmitButton } from '@/components/forms/submit-button';

/**
 * The footer subscribe box (spec "Screens and routes", "States and transitions", "Calls made"): GET {users}/api/contacts/{api_key}/capture/.
 * The server checks the address, so no validation code ships to every page; its message is
 * shown under the field, which is cleared on success. Subscribing is double opt-in (D23): the
 * server emails a confirmation link and records this page and the wording shown here. Without
 * JavaScript it posts with its page's path, and that page comes back with the problem (D30).
 */
export function NewsletterForm({
  usersUrl,
  apiKey,
  page,
  served: servedState,
  language,
  messages: catalogue = messages,
  words: formWords,
}: { usersUrl: string; apiKey: string; page: string } & ServedProps<'newsletter'>) {
  const words = formWords?.newsletter ?? newsletterWords;
  const id = useId();
  const [served, summary, clearSummary] = useServedForm(servedState);
  const [email, setEmail] = useState(served.values.email ?? '');
  const { submitting, outcome, setOutcome, honeypot, send, formRef } = useGuestSubmit();
  // The address itself was refused, not the moment (an outage leaves it marked valid).
  const [invalid, setInvalid] = useState(Boolean(served.errors.email));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setInvalid(false);
    clearSummary();
    const query = new URLSearchParams({
      source: 'website-api',
      email: email.trim(),
      tags: 'subscriber',
      // The server keeps at most 300 characters of it; any page may subscribe.
      page: window.location.pathname.slice(0, 300),
    });
    const answer = await send<SubmissionAccepted>(
      `${usersUrl}/api/contacts/${encodeURIComponent(apiKey)}/capture/?${query}`,
      { method: 'GET' },
    );
    if (answer.payload && !answer.error) {
      setOutcome({ kind: 'success', message: answer.payload.message });
      setEmail('');
    } else {
      // "email: Invalid email address." → the message alone; the field is the only one here.
      const named = answer.error ? parseFieldError(answer.error) : null;
      setOutcome({ kind: 'error', message: named?.message ?? answer.error ?? catalogue.subscribeFailed });
      setInvalid(named?.path[0] === 'email');
    }
  }

  const messageId = `${id}-message`;
  return (
    <form
      ref={formRef}
      method="post"
      action={formActions.newsletter}
      data-form="newsletter"
      noValidate
      onSubmit={submit}
      className="relative flex max-w-sm flex-col gap-2"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold text-ink-900">
        {words.title}
      </h2>
      <ErrorSummary
        items={summary.errors.email ? [{ fieldId: `${id}-email`, message: summary.errors.email }] : []}
        alert={summary.alert}
        title={catalogue.errorSummary}
      />
      <p className="text-sm text-ink-700">{words.consent}</p>
      <label htmlFor={`${id}-email`} className="sr-only">
        {words.email}
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={words.placeholder}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={outcome ? messageId : undefined}
          className={`min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 text-sm text-ink-900 placeholder:text-ink-600 ${
            invalid ? 'border-red-700' : 'border-ink-300'
          }`}
        />
        <SubmitButton submitting={submitting}>{words.subscribe}</SubmitButton>
      </div>
      <input type="hidden" name="page" value={page} />
      <PostFields form="newsletter" stamped={false} language={language} />
      <Honeypot {...honeypot} label={formWords?.honeypot} />
      <p
        id={messageId}
        role={outcome?.kind === 'error' ? 'alert' : 'status'}
        className={`text-sm font-medium empty:hidden ${outcome?.kind === 'error' ? 'text-red-700' : 'text-brand-800'}`}
      >
        {outcome?.message}
      </p>
    </form>
  );
}
