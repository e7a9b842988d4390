import { preferencesWords } from '@/components/preferences/preferences-words';
import { unsubscribePath } from '@growmail/contracts/form-fields';
import { formActions } from '@growmail/contracts/form-posts';
import { messages } from '@growmail/contracts/messages';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { BrandLogo } from '@/components/layout/brand-logo';
import { ErrorSummary } from '@/components/forms/error-summary';
import { FormAlert } from '@/components/forms/form-alert';
import { useGuestSubmit } from '@/components/forms/guest-submit';
import { Honeypot } from '@/components/forms/honeypot';
import { PostFields } from '@/components/forms/post-fields';
import { useServedForm, type ServedProps } from '@/components/forms/server-state';
import { SubmitButton } from '@/components/forms/submit-button';

type Link = { trackingId: string; email: string; id: string; hideLogo: boolean };

/** /unsubscription/:tracking_id/:email/:id, read in the browser: one exported page serves every link. */
function readLink(): Link | null {
  const parts = window.location.pathname.split('/').filter(Boolean);
  if (parts.length !== 4 || parts[0] !== 'unsubscription') return null;
  const [, trackingId, email, id] = parts.map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
  const query = new URLSearchParams(window.location.search);
  const flag = query.get('hide_logo') ?? query.get('hideLogo');
  return {
    trackingId: trackingId!,
    email: email!,
    id: id!,
    hideLogo: flag !== null && flag !== 'false' && flag !== '0',
  };
}

const scopes = [{ value: 'list' }, { value: 'all' }] as const;

let cached: { key: string; link: Link | null } | null = null;
const snapshot = () => {
  const key = window.location.pathname + window.location.search;
  if (cached?.key !== key) cached = { key, link: readLink() };
  return cached.link;
};
const noSubscription = () => () => {};

/** The link as the server wrote it into the page it sent (D30), or none (the page as built). */
function servedLink(values: Record<string, string>): Link | null {
  const { tracking_id: trackingId, email, contact_id: id, hide_logo: hideLogo } = values;
  if (!trackingId || !email || !id) return null;
  return { trackingId, email, id, hideLogo: Boolean(hideLogo) };
}

/**
 * The email preferences form (spec "Screens and routes", "States and transitions", "Error catalogue"): leave this list (the default) or every list.
 * The server writes the link's parts into the page it sends, so the form posts without
 * JavaScript (D30); the island starts from what the server wrote.
 */
export function PreferencesForm({
  usersUrl,
  served: servedState,
  language,
  messages: catalogue = messages,
  words: formWords,
}: { usersUrl: string } & ServedProps<'preferences'>) {
  const words = formWords?.preferences ?? preferencesWords;
  const [served, summary, clearSummary] = useServedForm(servedState);
  const [linkServed] = useState(() => servedLink(served.values));
  const link = useSyncExternalStore(
    noSubscription,
    () => snapshot() ?? linkServed,
    () => linkServed,
  );
  const [scope, setScope] = useState<'list' | 'all'>(served.values.scope === 'all' ? 'all' : 'list');
  const { submitting, outcome, setOutcome, honeypot, send, formRef } = useGuestSubmit();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!link) return;
    clearSummary();
    const query = new URLSearchParams({ contact_email: link.email, contact_id: link.id });
    const answer = await send<unknown>(
      `${usersUrl}/guests/unsubscribe/${unsubscribePath(link.trackingId, scope)}?${query}`,
      { method: 'PUT' },
    );
    setOutcome(
      answer.error === null && answer.payload
        ? { kind: 'success', message: catalogue.preferencesSaved }
        : { kind: 'error', message: catalogue.preferencesFailed },
    );
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm md:p-8">
      <div data-testid="preferences-logo" hidden={!link || link.hideLogo}>
        <BrandLogo />
      </div>
      <div>
        <h1 className="text-3xl font-bold text-ink-900">{words.title}</h1>
        <p className="mt-2 text-ink-700" hidden={!link}>
          {words.choose} <strong className="break-all text-ink-900">{link?.email}</strong> {words.stops}
        </p>
        <p className="mt-2 text-ink-700" hidden={Boolean(link)}>
          {words.noLink}
        </p>
      </div>
      <form
        ref={formRef}
        method="post"
        action={formActions.preferences}
        data-form="preferences"
        onSubmit={submit}
        className="relative flex flex-col gap-5"
        aria-label={words.title}
        hidden={!link}
      >
        <ErrorSummary items={[]} alert={summary.alert} title={catalogue.errorSummary} />
        <input type="hidden" name="tracking_id" value={link?.trackingId ?? ''} />
        <input type="hidden" name="email" value={link?.email ?? ''} />
        <input type="hidden" name="contact_id" value={link?.id ?? ''} />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-ink-900">{words.from}</legend>
          {scopes.map((option) => (
            <div
              key={option.value}
              className="flex items-start gap-3 rounded-lg border border-ink-100 p-3 has-checked:border-brand-700"
            >
              <input
                id={`scope-${option.value}`}
                type="radio"
                name="scope"
                value={option.value}
                aria-describedby={`scope-${option.value}-hint`}
                className="mt-1 h-4 w-4 accent-brand-700"
                checked={scope === option.value}
                onChange={() => setScope(option.value)}
              />
              <div>
                <label htmlFor={`scope-${option.value}`} className="block font-medium text-ink-900">
                  {option.value === 'all' ? words.all : words.list}
                </label>
                <p id={`scope-${option.value}-hint`} className="text-sm text-ink-700">
                  {option.value === 'all' ? words.allHint : words.listHint}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
        <PostFields form="preferences" stamped={false} language={language} />
        <Honeypot {...honeypot} label={formWords?.honeypot} />
        <FormAlert outcome={outcome} onClose={() => setOutcome(null)} />
        <div>
          <SubmitButton submitting={submitting}>{submitting ? words.saving : words.save}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
