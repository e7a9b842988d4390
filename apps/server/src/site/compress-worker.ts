/**
 * The thread that compresses a version's files ahead of their first request (`Site.warm`), at
 * the lowest priority the system gives: on Linux a thread's nice value is its own, so the
 * server's answers, on the main thread at its normal priority, go first, and this thread takes
 * what the cores have left.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { levels, type CompressRequest, type Compressed } from './compression.ts';

setPriority(19);
parentPort!.on('message', ({ id, body, encoding }: CompressRequest) => {
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: levels.once.br, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
        })
      : gzipSync(body, { level: levels.once.gzip });
  parentPort!.postMessage({ id, compressed } satisfies Compressed);
});
