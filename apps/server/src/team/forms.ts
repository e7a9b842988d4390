import type { FormProblems } from '@growmail/contracts/team';
import type { FastifyRequest } from 'fastify';

type Issue = { path: PropertyKey[]; message: string };

/**
 * The problems of a form whose body failed its route schema (the route sets `attachValidation`,
 * so the handler shows the form again rather than Fastify answering 400), each by its field,
 * with the values typed in `fields` kept; undefined when the body passed. The route schemas are
 * zod's, so the error is zod's, with its issues.
 */
export function refusedForm(request: FastifyRequest, fields: readonly string[]): FormProblems | undefined {
  const error = request.validationError;
  if (!error) return undefined;
  const issues: Issue[] = 'issues' in error && Array.isArray(error.issues) ? error.issues : [];
  const problems: Record<string, string> = {};
  for (const issue of issues) problems[String(issue.path[0] ?? '')] ??= issue.message;
  return { problems, values: typedValues(request.body, fields) };
}

/** The text typed in each of `fields` of a posted form, at most 400 characters each. */
export function typedValues(body: unknown, fields: readonly string[]): Record<string, string> {
  const posted = new Map(typeof body === 'object' && body !== null ? Object.entries(body) : []);
  return Object.fromEntries(
    fields.map((field) => {
      const value: unknown = posted.get(field);
      return [field, typeof value === 'string' ? value.slice(0, 400) : ''];
    }),
  );
}

/** The values posted in a field that may be repeated (ticked boxes), those that are text only. */
export function typedList(body: unknown, field: string): string[] {
  const posted = new Map(typeof body === 'object' && body !== null ? Object.entries(body) : []);
  return [posted.get(field)].flat().filter((value): value is string => typeof value === 'string');
}
