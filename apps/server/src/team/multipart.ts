import { Busboy } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { PostedFile } from '../content/images.ts';

/** What a multipart form is let send: its fields' text, its files and how many, and each file's size. */
export type MultipartLimits = { fieldBytes: number; fileBytes: number; files: (request: FastifyRequest) => number };

/** A body whose parts are more than a form with these limits sends. */
class TooLarge extends Error {
  readonly statusCode = 413;
  constructor() {
    super('The form sent more than it may.');
  }
}

/**
 * A Fastify parser of multipart/form-data (a form with a file, D45), built on `@fastify/busboy`,
 * the parser `@fastify/multipart` wraps. It reads the whole form after the console's gate has
 * found a session allowed to post it, and before the CSRF check, as the URL-encoded parser does,
 * so that check finds the token in the body as it always has: the multipart plugin reads parts
 * in a hook of the route's own, after every check. Fields
 * become text (a repeated one a list, as URL-encoded forms give), files a `PostedFile` of at most
 * `fileBytes` (`truncated` past it, so the form can say so by its field); at most `files(request)`
 * files, one a field. A body longer than all of that together is refused with 413.
 */
export function multipartParser(limits: MultipartLimits) {
  return (request: FastifyRequest, payload: Readable): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => {
      const files = limits.files(request);
      const most = limits.fieldBytes + files * (limits.fileBytes + 1024) + 64 * 1024;
      const body: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      const pending: Array<Promise<void>> = [];
      let received = 0;
      let failed = false;
      const fail = (error: Error) => {
        if (failed) return;
        failed = true;
        payload.unpipe();
        payload.resume();
        reject(error);
      };
      const keep = (name: string, value: string | PostedFile) => {
        const before = body[name];
        // One file a field: a second is as good as a forged form.
        if (value instanceof PostedFile && before !== undefined) return fail(new TooLarge());
        body[name] = before === undefined ? value : [before, value].flat();
      };

      const parser = new Busboy({
        headers: { ...request.headers, 'content-type': request.headers['content-type'] ?? '' },
        limits: {
          fieldSize: limits.fieldBytes,
          fileSize: limits.fileBytes,
          files,
          fields: 4000,
          parts: 4000 + files,
        },
      });
      parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
        if (valueTruncated) fail(new TooLarge());
        else keep(name, value);
      });
      parser.on('file', (name, stream, filename) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        pending.push(
          new Promise((done) =>
            stream.on('end', () => {
              // A file input left empty still posts a part, with no name and no bytes.
              if (filename || chunks.length > 0)
                keep(name, new PostedFile(filename, Buffer.concat(chunks), stream.truncated));
              done();
            }),
          ),
        );
      });
      parser.on('filesLimit', () => fail(new TooLarge()));
      parser.on('fieldsLimit', () => fail(new TooLarge()));
      parser.on('partsLimit', () => fail(new TooLarge()));
      parser.on('error', (error: Error) => fail(Object.assign(error, { statusCode: 400 })));
      parser.on('finish', () => {
        void Promise.all(pending).then(() => {
          if (!failed) resolve(body);
        });
      });
      payload.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > most) fail(new TooLarge());
      });
      payload.pipe(parser);
    });
}
