import { failure } from '@growmail/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { $ZodError } from 'zod/v4/core';

export const serverErrorMessage = 'Something went wrong on our side. Please try again.';

/** The one error handler of the guest services: spec §3 shape, 4xx say what to fix, 5xx say nothing more. */
export function useServiceErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof $ZodError) {
      return reply.code(400).send(failure(describeZodError(error)));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'service request failed');
      return reply.code(500).send(failure(serverErrorMessage));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(failure('The request is too large.'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send(failure('Send the request as application/json.'));
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.code(400).send(failure('The request body is not valid JSON.'));
    }
    return reply.code(status).send(failure(error.message));
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send(failure('Not found.')));
}

/** "email: Invalid email address." — the first problem, naming its field. */
export function describeZodError(error: $ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}
