import { failure } from '@growmail/contracts/api';
import { formatFieldError } from '@growmail/contracts/form-fields';
import { serviceMessages } from '@growmail/contracts/service-messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { $ZodError } from 'zod/v4/core';
import { isUnavailableError, type DatabaseStatus } from '../db/index.ts';

export const serverErrorMessage = serviceMessages.serverError;

/** Seconds a client is asked to wait while the database is away. */
export const retryAfterSeconds = 30;

/**
 * The one error handler of the guest services: spec "Entities" shape, 4xx say what to fix, 5xx say
 * nothing more, and a database that cannot be reached is a 503 (reported to its `status`).
 */
export function useServiceErrors(app: FastifyInstance, database?: DatabaseStatus): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof $ZodError) {
      const message = describeZodError(error);
      request.log.info({ status: 400, reason: message.slice(0, 200) }, 'client error');
      return reply.code(400).send(failure(message));
    }
    if (isUnavailableError(error)) {
      database?.report(error);
      request.log.info('answered 503: no database');
      return unavailable(reply);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'service request failed');
      return reply.code(500).send(failure(serverErrorMessage));
    }
    logClientError(request, error, status);
    return reply.code(status).send(failure(clientErrorMessage(error)));
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send(failure(serviceMessages.notFound)));
}

/** 503 with Retry-After (D26): the visitor's form keeps what they typed, and they send it again. */
export function unavailable(reply: FastifyReply, message: string = serviceMessages.serviceUnavailable) {
  return reply.code(503).header('retry-after', String(retryAfterSeconds)).send(failure(message));
}

/** An onRequest hook for services that need the database: 503 until it is migrated and ready. */
export function requireDatabase(app: FastifyInstance) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!app.db.status.ready) return unavailable(reply);
  };
}

/** Fastify's own client errors, in words a visitor understands; its error codes stay inside. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: serviceMessages.tooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: serviceMessages.notJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: serviceMessages.badJson,
  FST_ERR_CTP_INVALID_JSON_BODY: serviceMessages.badJson,
  FST_ERR_BAD_URL: serviceMessages.badAddress,
};

/** A short message for a 4xx: ours as written, Fastify's replaced. */
export function clientErrorMessage(error: FastifyError): string {
  if (error.code && frameworkMessages[error.code]) return frameworkMessages[error.code]!;
  // JSON.parse's own errors (a body that is not JSON, or sets __proto__) carry no code.
  if (error instanceof SyntaxError) return serviceMessages.badJson;
  if (error.code?.startsWith('FST_') || !error.message) return serviceMessages.badRequest;
  return error.message;
}

/** A client's mistake is not the server's: one info line, no stack. */
export function logClientError(request: FastifyRequest, error: FastifyError, status: number): void {
  request.log.info({ status, code: error.code, reason: error.message.slice(0, 200) }, 'client error');
}

/** "email: Invalid email address." — the first problem, naming its field. */
export function describeZodError(error: $ZodError): string {
  const issue = error.issues[0];
  return issue ? formatFieldError(issue.path, issue.message) : serviceMessages.badRequest;
}
