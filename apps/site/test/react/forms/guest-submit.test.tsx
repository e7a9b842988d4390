// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useGuestSubmit } from '@/components/forms/guest-submit';

type Call = { url: string; init: RequestInit };

/** A fetch that answers every call with `payload`, and records what it was asked. */
function serve(payload: unknown = { message: 'Thanks' }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const body = url.endsWith('/guests/form-stamp') ? { stamp: 'signed' } : payload;
      return new Response(JSON.stringify({ error: null, payload: body }), { status: 200 });
    }),
  );
  return calls;
}

const bodyOf = (call: Call | undefined) => JSON.parse(String(call?.init.body)) as Record<string, unknown>;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useGuestSubmit', () => {
  it('is busy while the call is under way, and hands back the answer', async () => {
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useGuestSubmit());
    let sent: Promise<unknown> = Promise.resolve();
    act(() => {
      sent = result.current.send('/enquiry', { method: 'POST', body: { email: 'a@b.example' } });
    });
    await waitFor(() => expect(result.current.submitting).toBe(true));
    await act(async () => {
      answer(new Response(JSON.stringify({ error: null, payload: { message: 'Thanks' } })));
      expect(await sent).toEqual({ error: null, payload: { message: 'Thanks' } });
    });
    expect(result.current.submitting).toBe(false);
  });

  it('clears the last outcome when the form is sent again', async () => {
    serve();
    const { result } = renderHook(() => useGuestSubmit());
    act(() => result.current.setOutcome({ kind: 'error', message: 'Try again.' }));
    await act(() => result.current.send('/enquiry', { method: 'POST', body: {} }));
    expect(result.current.outcome).toBeNull();
  });

  it('sends no hidden field while it is empty', async () => {
    const calls = serve();
    const { result } = renderHook(() => useGuestSubmit());
    await act(() => result.current.send('/enquiry', { method: 'POST', body: { email: 'a@b.example' } }));
    expect(bodyOf(calls[0])).toEqual({ email: 'a@b.example' });
  });

  it('sends a filled hidden field in the body, or in the query of a call without one', async () => {
    const calls = serve();
    const { result } = renderHook(() => useGuestSubmit());
    act(() => result.current.honeypot.onChange('https://spam.example'));
    await act(() => result.current.send('/enquiry', { method: 'POST', body: { email: 'a@b.example' } }));
    await act(() => result.current.send('/unsubscribe?contact_id=7', { method: 'PUT' }));
    expect(bodyOf(calls[0])).toEqual({ email: 'a@b.example', homepage: 'https://spam.example' });
    expect(calls[1]?.url).toBe('/unsubscribe?contact_id=7&homepage=https%3A%2F%2Fspam.example');
  });

  it('names the page a lead form is on in a header, and no page for any other form (D42)', async () => {
    const calls = serve();
    history.replaceState(null, '', '/fr/contact');
    const lead = renderHook(() => useGuestSubmit({ stampFrom: '/users' }));
    await act(() => lead.result.current.send('/enquiry', { method: 'POST', body: { email: 'a@b.example' } }));
    const other = renderHook(() => useGuestSubmit());
    await act(() => other.result.current.send('/newsletter', { method: 'POST', body: { email: 'a@b.example' } }));
    const headers = calls.filter((call) => call.init.method === 'POST').map((call) => call.init.headers);
    expect(headers).toEqual([
      expect.objectContaining({ 'x-growmail-page': '/fr/contact' }),
      expect.not.objectContaining({ 'x-growmail-page': expect.anything() }),
    ]);
    expect(bodyOf(calls.at(-1))).toEqual({ email: 'a@b.example' });
  });

  it('sends the stamp the server signed into the form with a lead, asking for none', async () => {
    const calls = serve();
    const { result } = renderHook(() => useGuestSubmit({ stampFrom: '/users' }));
    const form = document.createElement('form');
    form.innerHTML = '<input type="hidden" name="form_stamp" value="served.signature">';
    result.current.formRef.current = form;
    await act(() => result.current.send('/leads', { method: 'POST', body: { type: 'savings' } }));
    expect(calls.map((call) => call.url)).toEqual(['/leads']);
    expect(bodyOf(calls[0])).toEqual({ type: 'savings', form_stamp: 'served.signature' });
  });

  it('asks for a stamp when sending from a page served as built, with none signed in', async () => {
    const calls = serve();
    const { result } = renderHook(() => useGuestSubmit({ stampFrom: '/users' }));
    const form = document.createElement('form');
    form.innerHTML = '<input type="hidden" name="form_stamp" value="gm-form-stamp-stand-in">';
    result.current.formRef.current = form;
    expect(calls).toEqual([]);
    await act(() => result.current.send('/leads', { method: 'POST', body: { type: 'savings' } }));
    expect(calls.map((call) => call.url)).toEqual(['/users/guests/form-stamp', '/leads']);
    expect(bodyOf(calls[1])).toEqual({ type: 'savings', form_stamp: 'signed' });
  });
});
