import { formStampField } from '@growmail/contracts/form-fields';
import { formStampStandIn } from '@growmail/contracts/form-posts';
import type { RefObject } from 'react';
import { callGuestService } from '@/lib/guest-api';

const fetchStamp = async (usersUrl: string) =>
  (await callGuestService<{ stamp: string }>(`${usersUrl}/guests/form-stamp`, { method: 'GET' })).payload?.stamp ??
  null;

/**
 * A lead form's signed time stamp, sent back with the submission so the server can tell a
 * person's pace from a bot's. The server signs one into the page as it sends it (D30), and the
 * form sends that one, as a form posted without script does; only where the page has none
 * (a page served as built, in development) is one asked for when sending. Returns the field to
 * add to the request body; empty when no stamp could be had (the lead is then held for a
 * person to look at, never lost). Without a users service (forms that are not leads) it adds
 * nothing.
 */
export function useFormStamp(
  usersUrl: string | undefined,
  form: RefObject<HTMLFormElement | null>,
): () => Promise<Record<string, string>> {
  return async (): Promise<Record<string, string>> => {
    if (!usersUrl) return {};
    const served = form.current?.querySelector<HTMLInputElement>(`input[name="${formStampField}"]`)?.value;
    const value = served && served !== formStampStandIn ? served : await fetchStamp(usersUrl);
    return value ? { [formStampField]: value } : {};
  };
}
