/**
 * The one fetch wrapper of the lead forms. Services answer `{error, payload}` (spec "Entities");
 * a network failure or an answer in another shape is `{error: null, payload: null}`, so a
 * form can tell "the server said no" (show its text) from "we never heard back".
 */
export type GuestAnswer<T> = { error: string | null; payload: T | null };

export async function callGuestService<T>(
  url: string,
  init: { method: 'GET' | 'POST' | 'PUT'; body?: unknown },
): Promise<GuestAnswer<T>> {
  try {
    const response = await fetch(url, {
      method: init.method,
      headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const answer = (await response.json()) as Partial<GuestAnswer<T>>;
    return {
      error: typeof answer.error === 'string' ? answer.error : null,
      payload: response.ok ? ((answer.payload ?? null) as T | null) : null,
    };
  } catch {
    return { error: null, payload: null };
  }
}
