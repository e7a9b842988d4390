import { confirmWords } from '@/components/newsletter/confirm-words';
import { newsletterWords } from '@/components/newsletter/newsletter-words';
import { parseFieldError } from '@growmail/contracts/form-fields';
import { formActions } from '@growmail/contracts/form-posts';
import { messages } from '@growmail/contracts/messages';
import { useRef, useSyncExternalStore, type FormEvent } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { FormAlert } from '@/components/forms/form-alert';
import { useGuestSubmit } from '@/components/forms/guest-submit';
import { Honeypot } from '@/components/forms/honeypot';
import { PostFields } from '@/components/forms/post-fields';
import { useServedForm, type ServedProps } from '@/components/forms/server-state';
import { SubmitButton } from '@/components/forms/submit-button';

/** The token from the confirmation email's link, read in the browser: one exported page serves every link. */
const readToken = () => new URLSearchParams(window.location.search).get('token');
const noSubscription = () => () => {};

/**
 * The page the newsletter's confirmation email links to (D23). Only the button subscribes:
 * mail scanners open links, so loading the page must change nothing. The server writes the
 * link's token into the form it sends (D30), so the button works without JavaScript and the
 * token never travels further in an address; the island starts from what the server wrote.
 */
export function ConfirmSubscription({
  usersUrl,
  served: servedState,
  language,
  messages: catalogue = messages,
  words: formWords,
}: { usersUrl: string } & ServedProps<'confirm' | 'newsletter'>) {
  const words = formWords?.confirm ?? confirmWords;
  const newsletter = formWords?.newsletter ?? newsletterWords;
  const [served, summary, clearSummary] = useServedForm(servedState);
  const servedToken = served.values.token || null;
  const token = useSyncExternalStore(
    noSubscription,
    () => readToken() ?? servedToken,
    () => servedToken,
  );
  const { submitting, outcome, setOutcome, honeypot, send, formRef } = useGuestSubmit();
  const heading = useRef<HTMLHeadingElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token || submitting) return;
    clearSummary();
    const answer = await send<{ message: string }>(`${usersUrl}/newsletter/confirm`, {
      method: 'POST',
      body: { token },
    });
    if (answer.payload) {
      setOutcome({ kind: 'success', message: answer.payload.message });
      // The button goes away with success; focus moves to the top of the answer, not to the document.
      heading.current?.focus();
    } else {
      // "token: This confirmation link is not valid…": the visitor never typed a token, so drop its name.
      const named = answer.error ? parseFieldError(answer.error) : null;
      setOutcome({ kind: 'error', message: named?.message ?? answer.error ?? catalogue.confirmFailed });
    }
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm md:p-8">
      <div>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold text-ink-900 focus:outline-none">
          {words.form}
        </h1>
        <p className="mt-2 text-ink-700" hidden={!token}>
          {newsletter.consent}
        </p>
        <p className="mt-2 text-ink-700" hidden={Boolean(token)}>
          {words.noLink}
        </p>
      </div>
      <form
        ref={formRef}
        method="post"
        action={formActions.confirm}
        data-form="confirm"
        onSubmit={submit}
        className="relative flex flex-col gap-5"
        aria-label={words.form}
        hidden={!token}
      >
        <ErrorSummary items={[]} alert={summary.alert} title={catalogue.errorSummary} />
        <input type="hidden" name="token" value={token ?? ''} />
        <PostFields form="confirm" stamped={false} language={language} />
        <Honeypot {...honeypot} label={formWords?.honeypot} />
        <FormAlert outcome={outcome} onClose={() => setOutcome(null)} />
        {outcome?.kind !== 'success' && (
          <div>
            <SubmitButton submitting={submitting}>{submitting ? words.confirming : words.confirm}</SubmitButton>
          </div>
        )}
      </form>
    </div>
  );
}
