import { firstTouchHeader, pageContextHeader } from '@growmail/contracts/page-context';

/**
 * The one fetch wrapper of the site's forms. Services answer `{error, payload}` (spec "Entities");
 * a network failure or an answer in another shape is `{error: null, payload: null}`, so a
 * form can tell "the server said no" (show its text) from "we never heard back".
 */
export type GuestAnswer<T> = { error: string | null; payload: T | null };

export type GuestRequest = {
  method: 'GET' | 'POST' | 'PUT';
  body?: Record<string, unknown>;
  /**
   * Tries in all, for a call nobody waits on (the savings lead): a network failure, 429 or 5xx
   * is tried again after a growing pause; another 4xx will not get better by trying again.
   */
  attempts?: number;
  /** Lets the request finish when the visitor leaves the page. */
  keepalive?: boolean;
  /** The submission's idempotency key (D39), the same for every try of it. */
  key?: string;
  /** A lead form's page, which the server keeps as the lead's source with its visit (D42). */
  page?: string;
  /** The device's first landing as the page's script keeps it (issue 40), kept with the source. */
  firstTouch?: string | undefined;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const worthRetrying = (status: number) => status === 429 || status >= 500;

export async function callGuestService<T>(url: string, request: GuestRequest): Promise<GuestAnswer<T>> {
  const attempts = request.attempts ?? 1;
  let answer: GuestAnswer<T> = { error: null, payload: null };
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    let retry = true;
    try {
      const response = await fetch(url, {
        method: request.method,
        headers: {
          ...(request.body && { 'content-type': 'application/json', accept: 'application/json' }),
          ...(request.key && { 'idempotency-key': request.key }),
          ...(request.page && { [pageContextHeader]: request.page }),
          ...(request.firstTouch && { [firstTouchHeader]: request.firstTouch }),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        keepalive: request.keepalive,
      });
      retry = worthRetrying(response.status);
      const body = (await response.json()) as Partial<GuestAnswer<T>>;
      answer = {
        error: typeof body.error === 'string' ? body.error : null,
        payload: response.ok ? ((body.payload ?? null) as T | null) : null,
      };
    } catch {
      // Offline, cut off, or not JSON: nothing heard, and worth another try if there is one.
      answer = { error: null, payload: null };
    }
    if (!retry || attempt === attempts) break;
    await pause(1000 * attempt);
  }
  return answer;
}
