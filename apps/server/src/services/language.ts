import { preferredLanguage, translated } from '@growmail/contracts/catalogues';
import { languageField } from '@growmail/contracts/form-posts';
import { isLanguage, type Language } from '@growmail/contracts/language';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The language a guest service answers in (D37): the form's own `language` field (a native
 * post's hidden field, in the body or the query), else the one `Accept-Language` prefers among
 * the site's; English when neither names one. A lead and a membership keep it.
 */
export function requestLanguage(request: FastifyRequest): Language {
  for (const source of [request.body, request.query]) {
    const named = source && typeof source === 'object' ? (source as Record<string, unknown>)[languageField] : undefined;
    if (isLanguage(named)) return named;
  }
  const header = request.headers['accept-language'];
  return preferredLanguage(Array.isArray(header) ? header.join(',') : header);
}

/**
 * Says every answer of the guest services in the request's language, at their edge: the shared
 * schemas, the limits and the handlers write English; a French request gets its `error` and its
 * outcome's `message` from the French catalogue. Nothing else in the answer changes.
 */
export function answerInRequestLanguage(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const language = requestLanguage(request);
    if (language === 'en' || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    reply.header('content-language', language);
    let answer: { error?: unknown; payload?: { message?: unknown } | null };
    try {
      answer = JSON.parse(payload) as typeof answer;
    } catch {
      return payload;
    }
    if (typeof answer.error === 'string') answer.error = translated(answer.error, language);
    if (answer.payload && typeof answer.payload.message === 'string')
      answer.payload.message = translated(answer.payload.message, language);
    return JSON.stringify(answer);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('vary', 'accept-language');
  });
}
