import { STATUS_CODES } from 'node:http';
import formbody from '@fastify/formbody';
import type { TryItExchange } from '@growmail/contracts/on-demand';
import { sandboxBasePath, sandboxKey, tryItFields } from '@growmail/contracts/sandbox';
import { HTTPSnippet } from '@readme/httpsnippet';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { webForm } from '../lib/web-form.ts';
import { clientErrorMessage } from '../services/errors.ts';
import { sendFreshPage } from '../site/fresh-page.ts';
import type { SandboxOperation } from './document.ts';

/** A Try it form carries a JSON body of a few hundred bytes; 64 KB leaves room to experiment. */
export const tryItBodyLimit = 64 * 1024;

/** The answer's headers a developer acts on; the rest (security headers, dates) are the site's. */
const shownHeaders = [
  'content-type',
  'cache-control',
  'www-authenticate',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

/** One exchange with the sandbox, as the page shows it; the body typed goes with it. */
type Exchange = Omit<TryItExchange, 'typed' | 'operationId'>;

/**
 * "Try it" on the reference pages without JavaScript (D30, D33): each page with a Try it form
 * takes its post, sends the JSON typed to the sandbox with `app.inject`, from the visitor's
 * address so the sandbox's own rate limit counts them, and answers with the same page rendered
 * on demand with the exchange (D35): request, status, headers, body and the same request as curl. Nothing
 * is stored, so the answer is the page itself rather than a redirect; the script on the page
 * makes the same post and takes the same section. The published sandbox key is the only one
 * ever sent.
 */
export default async function tryIt(app: FastifyInstance, { operations }: { operations: SandboxOperation[] }) {
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: tryItBodyLimit });
  const pages = app.site.routes().filter((route) => app.site.page(route)!.body.includes('data-try-it='));

  const tryUrl = (operation: SandboxOperation) => `${app.config.urls.public}${sandboxBasePath}${operation.path}`;

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'try it failed');
      return reply.code(500).type('text/plain; charset=utf-8').send('Internal server error\n');
    }
    request.log.info({ status, code: error.code }, 'try it refused');
    const message = `Not sent: ${clientErrorMessage(error)}`;
    return sendPage(app, reply, status, request.url, '', {
      request: '',
      status: message,
      headers: '',
      body: '',
      curl: '',
    });
  });

  for (const page of pages) {
    app.post(page, { bodyLimit: tryItBodyLimit }, async (request, reply) => {
      const fields = webForm(request.body);
      const typed = fields[tryItFields.body];
      const body = typeof typed === 'string' ? typed : '';
      const operation = operations.find((candidate) => candidate.operationId === fields[tryItFields.operation]);
      if (!operation) {
        const status = 'Not sent: this form names no operation of the API. Please send it again from its page.';
        return sendPage(app, reply, 400, page, body, { request: '', status, headers: '', body: '', curl: '' });
      }
      const answer = await app.inject({
        method: 'POST',
        url: `${sandboxBasePath}${operation.path}`,
        remoteAddress: request.ip,
        headers: { authorization: `Bearer ${sandboxKey}`, 'content-type': 'application/json' },
        payload: body,
      });
      const url = new URL(tryUrl(operation));
      const exchange: Exchange = {
        request: [
          `POST ${url.pathname} HTTP/1.1`,
          `Host: ${url.host}`,
          `Authorization: Bearer ${sandboxKey}`,
          'Content-Type: application/json',
          '',
          body,
        ].join('\n'),
        status: `${answer.statusCode} ${STATUS_CODES[answer.statusCode] ?? ''}`.trim(),
        headers: shownHeaders
          .filter((name) => answer.headers[name] !== undefined)
          .map((name) => `${name}: ${String(answer.headers[name])}`)
          .join('\n'),
        body: prettyJson(answer.body),
        curl: curlOf(url.href, body),
      };
      return sendPage(app, reply, 200, page, body, exchange, operation.operationId);
    });
  }
}

const prettyJson = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

/** The request as curl, written by the same generator as the page's samples. */
function curlOf(url: string, body: string): string {
  const snippet = new HTTPSnippet({
    method: 'POST',
    url,
    headers: [
      { name: 'Authorization', value: `Bearer ${sandboxKey}` },
      { name: 'Content-Type', value: 'application/json' },
    ],
    // As text, so a body that is not JSON is shown as it was sent.
    postData: { mimeType: 'text/plain', text: body },
  } as ConstructorParameters<typeof HTTPSnippet>[0]);
  const [curl] = [snippet.convert('shell', 'curl', { indent: '  ' })].flat();
  return typeof curl === 'string' ? curl : '';
}

/** The reference page with the body typed kept in its form and the exchange shown below it. */
async function sendPage(
  app: FastifyInstance,
  reply: FastifyReply,
  status: number,
  path: string,
  typed: string,
  exchange: Exchange,
  operationId?: string,
) {
  const route = path
    .split('?', 1)[0]!
    .split('#', 1)[0]!
    .replace(/(.)\/$/, '$1');
  if (!app.site.page(route)) return reply.code(status).type('text/plain; charset=utf-8').send(`${exchange.status}\n`);
  const page = await app.site.render('docs', { docs: { path: route, tryIt: { ...exchange, typed, operationId } } });
  return sendFreshPage(reply.code(status), page);
}
