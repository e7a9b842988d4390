import { afterEach, describe, expect, it, vi } from 'vitest';
import { callGuestService } from '@/lib/guest-api';

/** A fetch that gives the statuses in turn (0 is a network failure), and counts the calls. */
function answerWith(...statuses: number[]) {
  const fetch = vi.fn(async () => {
    const status = statuses.shift() ?? 500;
    if (status === 0) throw new TypeError('Failed to fetch');
    const ok = status < 300;
    return new Response(JSON.stringify({ error: ok ? null : 'No.', payload: ok ? { message: 'Stored' } : null }), {
      status,
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('callGuestService', () => {
  it("gives the server's refusal, and an empty answer when nothing came back", async () => {
    answerWith(400, 0);
    expect(await callGuestService('/enquiry', { method: 'POST', body: {} })).toEqual({ error: 'No.', payload: null });
    expect(await callGuestService('/enquiry', { method: 'POST', body: {} })).toEqual({ error: null, payload: null });
  });

  it('asks for its answer in the page’s language, and names none on an English page (D37)', async () => {
    const fetch = answerWith(201, 201);
    await callGuestService('/enquiry', { method: 'POST', body: {}, language: 'fr' });
    await callGuestService('/enquiry', { method: 'POST', body: {} });
    const headers = fetch.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].headers);
    expect(headers[0]).toMatchObject({ 'accept-language': 'fr', 'content-type': 'application/json' });
    expect(headers[1]).not.toHaveProperty('accept-language');
  });

  it('tries once unless told to try again', async () => {
    const fetch = answerWith(503, 201);
    expect((await callGuestService('/leads', { method: 'POST', body: {} })).payload).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('tries again after a network failure, a 429 or a 5xx, up to its attempts', async () => {
    vi.useFakeTimers();
    const fetch = answerWith(0, 429, 201);
    const answer = callGuestService('/leads', { method: 'POST', body: {}, attempts: 3 });
    await vi.runAllTimersAsync();
    expect(await answer).toEqual({ error: null, payload: { message: 'Stored' } });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('gives up after its last attempt', async () => {
    vi.useFakeTimers();
    const fetch = answerWith(503, 502, 500, 201);
    const answer = callGuestService('/leads', { method: 'POST', body: {}, attempts: 3 });
    await vi.runAllTimersAsync();
    expect((await answer).payload).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not try again after another 4xx: the same lead will be refused again', async () => {
    const fetch = answerWith(400, 201);
    expect((await callGuestService('/leads', { method: 'POST', body: {}, attempts: 3 })).error).toBe('No.');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
