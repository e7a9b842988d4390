import { formStampField } from '@growmail/contracts/form-fields';
import { useEffect, useRef } from 'react';
import { callGuestService } from '@/lib/guest-api';

const fetchStamp = async (usersUrl: string) =>
  (await callGuestService<{ stamp: string }>(`${usersUrl}/guests/form-stamp`, { method: 'GET' })).payload?.stamp ??
  null;

/**
 * A lead form's signed time stamp: asked for once when the form appears, and sent back with the
 * submission, so the server can tell a person's pace from a bot's. Returns the field to add
 * to the request body; empty when the stamp could not be had (the lead is then held for a
 * person to look at, never lost). Without a users service (forms that are not leads) it asks
 * nothing and adds nothing.
 */
export function useFormStamp(usersUrl: string | undefined): () => Promise<Record<string, string>> {
  const stamp = useRef<Promise<string | null> | null>(null);
  useEffect(() => {
    if (usersUrl) stamp.current ??= fetchStamp(usersUrl);
  }, [usersUrl]);
  return async (): Promise<Record<string, string>> => {
    if (!usersUrl) return {};
    const value = await (stamp.current ??= fetchStamp(usersUrl));
    return value ? { [formStampField]: value } : {};
  };
}
