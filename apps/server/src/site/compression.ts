import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Encoding } from './encoding.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The levels a body is compressed at: quick enough for each answer, or the smallest for a body sent to many. */
export const levels = { now: { br: 5, gzip: 6 }, once: { br: 11, gzip: 9 } } as const;

function compress(body: Buffer, encoding: Encoding, level: keyof typeof levels): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: levels[level].br, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipAsync(body, { level: levels[level].gzip });
}

/** A body made for one answer, compressed at a level quick enough to do on each request. */
export const compressNow = (body: Buffer, encoding: Encoding) => compress(body, encoding, 'now');

/** A body sent to many, compressed once at the smallest size, for a request that waits on it. */
export const compressOnce = (body: Buffer, encoding: Encoding) => compress(body, encoding, 'once');

/** What the background thread (compress-worker.ts) is asked, and answers. */
export type CompressRequest = { id: number; body: Uint8Array; encoding: Encoding };
export type Compressed = { id: number; compressed: Uint8Array };

/**
 * `compressOnce` for a body no request waits on yet, in one thread of its own at the lowest
 * priority (compress-worker.ts), one body at a time. Compressing a new version's pages in
 * Node's thread pool took both cores of a small machine from the answers for seconds, and
 * with two servers swapping at once the p99 of a page passed 50 ms (bench:publish). Where
 * the thread cannot run (Node's permission model without --allow-worker), the pool does it.
 */
export function compressInBackground(body: Buffer, encoding: Encoding): Promise<Buffer> {
  const thread = backgroundThread();
  if (!thread) return compressOnce(body, encoding);
  return new Promise<Buffer>((resolve, reject) => {
    const id = ++thread.last;
    thread.waiting.set(id, { body, encoding, resolve, reject });
    thread.worker.postMessage({ id, body, encoding } satisfies CompressRequest);
    thread.worker.ref();
  });
}

type Thread = {
  worker: Worker;
  last: number;
  waiting: Map<
    number,
    { body: Buffer; encoding: Encoding; resolve: (body: Buffer) => void; reject: (error: unknown) => void }
  >;
};
/** The thread, made when first needed; null once it could not run. */
let thread: Thread | null | undefined;

function backgroundThread(): Thread | null {
  if (thread !== undefined) return thread;
  try {
    const worker = new Worker(new URL('./compress-worker.ts', import.meta.url));
    const made: Thread = { worker, last: 0, waiting: new Map() };
    worker.on('message', ({ id, compressed }: Compressed) => {
      made.waiting.get(id)?.resolve(Buffer.from(compressed.buffer, compressed.byteOffset, compressed.byteLength));
      made.waiting.delete(id);
      // An idle thread does not keep the process running.
      if (made.waiting.size === 0) worker.unref();
    });
    // A thread that stops leaves its bodies, and every later one, to the pool.
    const fail = () => {
      thread = null;
      for (const { body, encoding, resolve, reject } of made.waiting.values())
        compressOnce(body, encoding).then(resolve, reject);
      made.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', fail);
    worker.unref();
    thread = made;
  } catch {
    thread = null;
  }
  return thread;
}
