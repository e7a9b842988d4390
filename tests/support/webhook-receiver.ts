import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type ReceivedEvent = { id: string; type: string; timestamp: string; data: Record<string, unknown> };

/** A whsec_ secret, as an operator would generate one. */
export const webhookSecret = `whsec_${Buffer.from('growmail-test-secret-of-32-bytes').toString('base64')}`;

/**
 * A CRM's webhook endpoint on 127.0.0.1. Each delivery is verified with the standardwebhooks
 * package, as a receiver would; `answer` chooses the status of the next attempts. Only a
 * verified delivery answered 2xx counts in `accepted`.
 */
export async function startWebhookReceiver(secret = webhookSecret) {
  const verifier = new Webhook(secret);
  const accepted: ReceivedEvent[] = [];
  const attempts: { id: string; status: number }[] = [];
  const unverified: string[] = [];
  let answer: () => number = () => 204;
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    let event: ReceivedEvent;
    try {
      event = verifier.verify(body, headersOf(request.headers)) as ReceivedEvent;
    } catch (error) {
      unverified.push(String(error));
      response.writeHead(400).end();
      return;
    }
    const status = answer();
    attempts.push({ id: event.id, status });
    if (status >= 200 && status < 300) accepted.push(event);
    response.writeHead(status).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/growmail`,
    accepted,
    attempts,
    unverified,
    /** Sets the status of the attempts to come: a number, or a function called for each. */
    answer: (next: number | (() => number)) => {
      answer = typeof next === 'number' ? () => next : next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const headersOf = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])),
  );
