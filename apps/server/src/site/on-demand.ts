import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { onDemandPath, type OnDemandLocals, type OnDemandView } from '@growmail/contracts/on-demand';

/** The Node adapter's handler in middleware mode: Node's request and response, a `next`, and `locals`. */
type AstroHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
  locals: OnDemandLocals,
) => Promise<void>;

/**
 * Astro's answer, kept in memory rather than written to a socket: the server adds its own
 * headers (the CSP by hashes, caching, Save-Data) and compression, as for every page. It takes
 * what the adapter writes (Node's `writeHead`, `write`, `end`).
 */
class PageCapture extends Writable {
  status = 200;
  statusMessage = '';
  readonly #chunks: Buffer[] = [];

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void) {
    this.#chunks.push(Buffer.from(chunk));
    done();
  }

  writeHead(status: number) {
    this.status = status;
    return this;
  }

  get html() {
    return Buffer.concat(this.#chunks).toString('utf8');
  }
}

/**
 * The site's on-demand pages (D35): the build's server entry (`apps/site/dist-server`, beside
 * the built site), run through the Node adapter's middleware mode. The server asks for a view
 * by name with the answer's state in `locals`; nothing from the visitor's request reaches Astro
 * but what the server puts there.
 */
export class OnDemandPages {
  readonly #handler: AstroHandler;

  private constructor(handler: AstroHandler) {
    this.#handler = handler;
  }

  static async load(entry: string): Promise<OnDemandPages> {
    if (!existsSync(entry)) throw new Error(`No on-demand renderer at ${entry}: run \`npm run build\` first.`);
    const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
    return new OnDemandPages(handler);
  }

  /** The view's HTML as Astro rendered it; an error when the route did not render it. */
  render(view: OnDemandView, locals: OnDemandLocals): Promise<string> {
    return this.renderAt(onDemandPath(view), locals);
  }

  /** The HTML of the on-demand route at `path` (a console view's, D40). */
  async renderAt(path: string, locals: OnDemandLocals): Promise<string> {
    const request = Object.assign(Readable.from([]), {
      method: 'GET',
      url: path,
      headers: { host: 'localhost' },
      socket: {},
    }) as unknown as IncomingMessage;
    const capture = new PageCapture();
    const finished = new Promise<void>((resolve, reject) => {
      capture.on('finish', resolve);
      capture.on('error', reject);
    });
    await this.#handler(request, capture as unknown as ServerResponse, () => capture.destroy(notFound(path)), locals);
    await finished;
    if (capture.status >= 400) throw new Error(`The on-demand view ${path} answered ${capture.status}.`);
    return capture.html;
  }
}

const notFound = (path: string) => new Error(`The site has no on-demand view at ${path}.`);
