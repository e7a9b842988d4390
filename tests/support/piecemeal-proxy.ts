import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A proxy the test owns in front of the site, standing in for a busy phone's parser, which can
 * stop anywhere in the header and let the browser paint what it has. It forwards every request,
 * but sends a page's header a piece at a time: cut before each `<a`, `<li` and `<button`, with
 * `pauseMs` between pieces, so the browser may paint at each of them.
 */
export async function startPiecemealProxy(origin: string, { pauseMs = 60 } = {}) {
  const server = createServer(async (request, response) => {
    const upstream = await fetch(new URL(request.url ?? '/', origin));
    // fetch has decoded the body, so its encoding and length no longer apply.
    const headers = Object.fromEntries(
      [...upstream.headers].filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
    );
    response.writeHead(upstream.status, headers);
    if (!upstream.headers.get('content-type')?.startsWith('text/html')) {
      response.end(Buffer.from(await upstream.arrayBuffer()));
      return;
    }
    const html = await upstream.text();
    const start = html.indexOf('<header');
    const end = html.indexOf('</header>');
    const cuts = [...html.slice(start, end).matchAll(/<(a|li|button)[ >]/g)].map((match) => start + match.index);
    let sent = 0;
    for (const cut of cuts) {
      response.write(html.slice(sent, cut));
      sent = cut;
      await sleep(pauseMs);
    }
    response.end(html.slice(sent));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
