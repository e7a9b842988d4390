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
  readonly #entry: string;
  #handler: Promise<AstroHandler> | undefined;

  private constructor(entry: string) {
    this.#entry = entry;
  }

  /**
   * The renderer at `entry`, checked now and imported when first used or by `ready()` (which the
   * server entry awaits before it listens): the import of its 1.7 MB of modules was the largest
   * part of an app's start, which the many apps of a test run paid for pages most never render.
   * Every app a process builds shares one import.
   */
  static load(entry: string): OnDemandPages {
    if (!existsSync(entry)) throw new Error(`No on-demand renderer at ${entry}: run \`npm run build\` first.`);
    return new OnDemandPages(entry);
  }

  /** Imports the renderer, if no render has yet. */
  async ready(): Promise<void> {
    await this.#handlerOnce();
  }

  #handlerOnce(): Promise<AstroHandler> {
    this.#handler ??= (import(pathToFileURL(this.#entry).href) as Promise<{ handler: AstroHandler }>).then(
      ({ handler }) => handler,
    );
    return this.#handler;
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
    const handler = await this.#handlerOnce();
    await handler(request, capture as unknown as ServerResponse, () => capture.destroy(notFound(path)), locals);
    await finished;
    if (capture.status >= 400) throw new Error(`The on-demand view ${path} answered ${capture.status}.`);
    return capture.html;
  }
}

const notFound = (path: string) => new Error(`The site has no on-demand view at ${path}.`);
