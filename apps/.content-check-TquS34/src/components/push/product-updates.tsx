import { messages as englishMessages, type Messages } from '@growmail/contracts/messages';
import { isEmail } from '@growmail/contracts/rules';
// Part of the island, not a lazy import: the island already loads on first use, and Vite's
// preload helper for a lazy import would cost more (0.7 KB) than the SDK's own code.
import * as sdk from '@growmail/webpush-sdk';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { productUpdatesWords, type ProductUpdatesWords } from './product-updates-words';

type Settings = { apiKey: string; usersUrl: string; messagingUrl: string };
type Props = Settings & {
  /** The button's bell, drawn on the server: an island that drew it would ship an icon library. */
  icon?: ReactNode;
  /** On a page in another language than English (D37): its words and messages. */
  words?: ProductUpdatesWords | undefined;
  messages?: Messages | undefined;
};
type Status = { tone: 'success' | 'problem'; text: string } | null;

const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
const noSubscription = () => () => {};

/**
 * "Get product updates": a soft prompt (D19). The browser's permission prompt only follows the
 * visitor's own submit. The island, and the SDK (D20) with it, loads on the first press, key or
 * focus on the button (client:interaction).
 */
export function ProductUpdates({
  apiKey,
  usersUrl,
  messagingUrl,
  icon,
  words = productUpdatesWords,
  messages = englishMessages,
}: Props) {
  const supported = useSyncExternalStore(noSubscription, pushSupported, () => true);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);

  // The control that was clicked goes away, so focus moves with the reader: into the form
  // when it opens, back to the button when it closes.
  useEffect(() => {
    if (open) input.current?.focus();
    else if (opened.current) toggle.current?.focus();
    opened.current ||= open;
  }, [open]);

  if (!supported) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The rule the contacts service applies, so the prompt refuses what the server would.
    if (!isEmail(email.trim())) {
      setError(email.trim() ? messages.invalidEmail : messages.required.email);
      return;
    }
    setError('');
    setBusy(true);
    setStatus(await subscribe(email.trim(), { apiKey, usersUrl, messagingUrl }, words));
    setBusy(false);
  };

  if (!open) {
    return (
      <button
        ref={toggle}
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-2 text-sm font-medium text-ink-700 underline-offset-4 hover:text-brand-800 hover:underline"
      >
        {icon}
        {words.open}
      </button>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="flex max-w-md flex-col gap-2">
      <p id={`${id}-title`} className="text-sm font-semibold text-ink-900">
        {words.title}
      </p>
      <div className="flex flex-wrap items-start gap-2">
        <div className="flex w-full min-w-0 flex-col md:w-auto md:flex-1">
          <label htmlFor={`${id}-email`} className="sr-only">
            {words.email}
          </label>
          <input
            ref={input}
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            placeholder={words.placeholder}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="w-full rounded-lg border border-ink-300 bg-white px-3 py-2 text-sm text-ink-900"
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <button type="submit" disabled={busy} className="button-primary disabled:opacity-70">
          {busy ? words.turningOn : words.turnOn}
        </button>
        <button type="button" onClick={() => setOpen(false)} className="button-secondary">
          {words.notNow}
        </button>
      </div>
      <p role="status" className={`text-sm ${status?.tone === 'problem' ? 'text-red-700' : 'text-brand-800'}`}>
        {status?.text}
      </p>
    </form>
  );
}

async function subscribe(email: string, settings: Settings, words: ProductUpdatesWords): Promise<Status> {
  try {
    // The visitor sees the outcome here, so the SDK need not log it to the console too.
    await sdk.register(settings.apiKey, {
      usersUrl: settings.usersUrl,
      messagingUrl: settings.messagingUrl,
      logger: null,
    });
    const subscription = (await sdk.requestPermission()) ?? (await sdk.getSubscription());
    if (Notification.permission === 'denied') {
      return { tone: 'problem', text: words.blocked };
    }
    if (!subscription) return { tone: 'problem', text: words.unavailable };
    const saved = await sdk.saveSubscriptionToken(subscription, email);
    return saved ? { tone: 'success', text: words.subscribed } : { tone: 'problem', text: words.notSaved };
  } catch {
    return { tone: 'problem', text: words.unavailable };
  }
}
