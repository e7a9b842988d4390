/** The contact fields saved with a subscription (the public API's contact object). */
export type ContactFields = {
  firstname?: string;
  lastname?: string;
  gender?: 'male' | 'female';
  /** mm-dd-YYYY */
  date_of_birth?: string;
  phone_number?: string;
  address?: { street?: string; state?: string; country?: string };
  extra_data?: Record<string, string | number | boolean | null>;
};

/** Every Growmail service answers this shape. */
export type ApiResponse<T> = { error: string; payload: null } | { error: null; payload: T };

/**
 * `skipped`: the address's data was erased on request, so nothing was stored (no id, size 0);
 * it comes back only when the person confirms a newsletter subscription themselves.
 */
export type SavedContact = {
  data: { id: string | null; email: string; created: boolean; subscribed: boolean; skipped?: boolean };
  meta: { size: number };
};

/** Where the worker finds the contact after the browser renews a subscription (Cache Storage is shared with it). */
export const contactCache = { name: 'gm-web-push', key: '/gm-web-push/contact' } as const;

/** `POST {users}/api/contacts` with the subscription as `gm_web_push`, authorised by the bearer key. */
export async function postContact(
  usersUrl: string,
  apiKey: string,
  body: { gm_web_push: PushSubscriptionJSON; email: string } & ContactFields,
): Promise<ApiResponse<SavedContact>> {
  const response = await fetch(`${usersUrl}/api/contacts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as ApiResponse<SavedContact>;
  if (!response.ok || answer.error) throw new Error(answer.error ?? `HTTP ${response.status}`);
  return answer;
}
