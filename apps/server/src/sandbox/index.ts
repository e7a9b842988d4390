import { failure, ok } from '@growmail/contracts/api';
import { sandboxBasePath, sandboxKey } from '@growmail/contracts/sandbox';
import type { FastifyInstance } from 'fastify';
import { rateLimited } from '../plugins/protection.ts';
import { useServiceErrors } from '../services/errors.ts';
import { answerData } from './answers.ts';
import { attachmentError, controlCharacterError } from './checks.ts';
import { describeSchemaError, sandboxOperations, type SandboxOperation } from './document.ts';
import tryIt from './try-it.ts';
import { SandboxContacts } from './memory.ts';

/** Where the built site keeps the OpenAPI document the reference is made from. */
export const openApiFile = '/developers/openapi.yaml';

/** One attachment of 1 MB is about 1.4 MB of base64; a body past 2 MB is refused with 413. */
export const sandboxBodyLimit = 2 * 1024 * 1024;

export const unauthorizedMessage = `The sandbox answers only its published key: send Authorization: Bearer ${sandboxKey}.`;

/**
 * The public sandbox of the documented API (D33), under /sandbox: each operation of the
 * published OpenAPI document at its own path, with the published key. Bodies are checked
 * against the document's own schemas (document.ts), then against what the document says in
 * words (checks.ts); a good one is answered from the document's example (answers.ts). Nothing
 * is sent, fetched or written: contacts stay in a bounded, expiring memory (memory.ts). Each
 * address is rate limited like the forms, and any other key is refused with 401.
 */
async function api(app: FastifyInstance, { operations }: { operations: SandboxOperation[] }) {
  useServiceErrors(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const contacts = new SandboxContacts();
  const limits = { ...rateLimited(app), bodyLimit: sandboxBodyLimit };

  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${sandboxKey}`) {
      return reply.code(401).header('www-authenticate', 'Bearer').send(failure(unauthorizedMessage));
    }
  });

  for (const operation of operations) {
    app.post(operation.path, limits, async (request, reply) => {
      const body = request.body;
      if (!operation.validate(body)) {
        const [error] = operation.validate.errors ?? [];
        return reply.code(400).send(failure(error ? describeSchemaError(error) : 'The request is not valid.'));
      }
      const problem = controlCharacterError(body) ?? attachmentError(body as object);
      if (problem) return reply.code(400).send(failure(problem));
      const data = answerData(operation.operationId, operation.exampleData, body as Record<string, unknown>, contacts);
      return reply.send(ok({ data, meta: { size: 1 } }));
    });
  }

  // Claims the rest of /sandbox from the site's catch-all, so unknown operations answer JSON 404.
  app.all('/*', async (_request, reply) => reply.code(404).send(failure('No such operation in the sandbox.')));
}

/** The sandbox under /sandbox, and the reference pages' Try it forms that post to it. */
export default async function sandbox(app: FastifyInstance) {
  const document = app.site.files.get(openApiFile);
  const operations = document ? sandboxOperations(document.body.toString('utf8')) : [];
  if (!document) app.log.warn(`The site has no ${openApiFile}; the sandbox answers nothing.`);
  await app.register(api, { prefix: sandboxBasePath, operations });
  await app.register(tryIt, { operations });
}
