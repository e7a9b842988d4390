import { honeypotField } from '@growmail/contracts/form-fields';
import { idempotencyKeyField } from '@growmail/contracts/idempotency';
import { firstTouchField } from '@growmail/contracts/page-context';
import { useState } from 'react';
import { callGuestService, type GuestAnswer, type GuestRequest } from '@/lib/guest-api';
import type { Outcome } from './form-alert';
import { useEarlyInput } from './early-input';
import { useFormStamp } from './form-stamp';

/**
 * What every form keeps around its call to a guest service: whether it is sending, what came
 * of it, and the hidden field (spread `honeypot` into `<Honeypot>`). `send` adds the form's
 * signals to the request, the hidden field's value when filled and, for a lead form given
 * `stampFrom` (the users service), its time stamp; they go in the body, or in the query of a
 * call that has none. The server reads them from either. Put `formRef` on the <form>, so
 * words typed before the form's island hydrated are kept (early-input.ts).
 */
export function useGuestSubmit({ stampFrom }: { stampFrom?: string } = {}) {
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [trap, setTrap] = useState('');
  const formRef = useEarlyInput();
  const formStamp = useFormStamp(stampFrom, formRef);

  async function send<T>(url: string, request: GuestRequest): Promise<GuestAnswer<T>> {
    setSubmitting(true);
    setOutcome(null);
    const signals = { ...(await formStamp()), ...(trap ? { [honeypotField]: trap } : {}) };
    // Made here, once per submission (D39): every try of it, and its post below, is one lead.
    const key = crypto.randomUUID();
    const form = formRef.current;
    // The page's script put the device's first landing in the form as it was sent (first-touch.tsx).
    const firstTouch = (form?.elements.namedItem(firstTouchField) as HTMLInputElement | null)?.value;
    const answer = await callGuestService<T>(
      request.body ? url : withQuery(url, signals),
      request.body
        ? {
            ...request,
            key,
            body: { ...request.body, ...signals },
            ...(stampFrom && { page: location.pathname, firstTouch }),
          }
        : request,
    );
    // Nothing heard back (no network; a 502 or 504 has no JSON): the form posts itself, with its
    // key (and the first landing already in it), so the site's worker keeps it on the device and
    // says so (D39). Without a worker in charge of the page, the form says it could not send, as before.
    if (stampFrom && form && !answer.error && !answer.payload && navigator.serviceWorker?.controller) {
      form.insertAdjacentHTML('beforeend', `<input type="hidden" name="${idempotencyKeyField}" value="${key}">`);
      HTMLFormElement.prototype.submit.call(form);
      return answer;
    }
    setSubmitting(false);
    return answer;
  }

  return { submitting, outcome, setOutcome, honeypot: { value: trap, onChange: setTrap }, send, formRef };
}

function withQuery(url: string, fields: Record<string, string>): string {
  if (Object.keys(fields).length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(fields)}`;
}
