import {
  automationEventSchema,
  contactSchema,
  dateOfBirthPattern,
  maxAttachmentBytes,
  transactionalSchema,
} from '@growmail/contracts/developer-api';
import { describe, expect, it } from 'vitest';
import type { ZodMiniType } from 'zod/mini';
import { openApi, operation, resolveRef, type Schema } from '@/lib/docs/openapi';

/**
 * The API reference is generated from content/openapi.yaml. These tests hold its examples to
 * the spec's rules (spec "Entities", "Validation rules") twice: through the shared zod schemas the services validate with,
 * and through the document's own schemas, so neither the examples nor the schemas can drift.
 */

const contracts: Record<string, ZodMiniType> = {
  createContact: contactSchema,
  triggerAutomation: automationEventSchema,
  sendTransactional: transactionalSchema,
};
const operationIds = Object.values(openApi.paths).map((item) => item.post.operationId);

/** What the document's schema says is wrong with a value ([] when it conforms). The subset the document uses. */
function violations(schema: Schema, value: unknown, at = '$'): string[] {
  const s = resolveRef(schema);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const actual =
    value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  if (types.length && !types.includes(actual) && !(actual === 'integer' && types.includes('number')))
    return [`${at}: ${actual} is not ${types.join('|')}`];
  const problems: string[] = [];
  if (s.enum && !s.enum.includes(value as string)) problems.push(`${at}: ${String(value)} is not one of ${s.enum}`);
  if (typeof value === 'string') {
    if (s.pattern && !new RegExp(s.pattern).test(value)) problems.push(`${at}: does not match ${s.pattern}`);
    if (s.maxLength !== undefined && value.length > s.maxLength) problems.push(`${at}: longer than ${s.maxLength}`);
    if (s.format === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) problems.push(`${at}: not an email`);
  }
  if (Array.isArray(value)) {
    if (s.maxItems !== undefined && value.length > s.maxItems) problems.push(`${at}: more than ${s.maxItems} items`);
    value.forEach((item, index) => s.items && problems.push(...violations(s.items, item, `${at}[${index}]`)));
  }
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    for (const name of s.required ?? []) if (!(name in object)) problems.push(`${at}.${name}: required`);
    for (const [name, item] of Object.entries(object)) {
      const property = s.properties?.[name];
      if (property) problems.push(...violations(property, item, `${at}.${name}`));
      else if (s.additionalProperties === false) problems.push(`${at}.${name}: not allowed`);
      else if (typeof s.additionalProperties === 'object')
        problems.push(...violations(s.additionalProperties, item, `${at}.${name}`));
    }
  }
  return problems;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the three POST endpoints behind the bearer key', () => {
    expect(openApi.openapi).toBe('3.1.0');
    expect(Object.keys(openApi.paths).sort()).toEqual(['/v1/automations', '/v1/contacts', '/v1/transactionals']);
    expect(openApi.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it.each(operationIds)('%s documents 200, 400, 401 (sandbox), 403, 404 and 500 in the API response shape', (id) => {
    const op = operation(id);
    expect(op.responseList.map((response) => response.status)).toEqual(['200', '400', '401', '403', '404', '500']);
    const [success, ...failures] = op.responseList;
    expect(success!.example).toMatchObject({ error: null, payload: { data: expect.any(Object), meta: { size: 1 } } });
    for (const failure of failures) expect(failure.example).toEqual({ error: expect.any(String), payload: null });
    const successSchema = resolveRef(op.responses['200']!).content!['application/json'].schema;
    expect(violations(successSchema, success!.example)).toEqual([]);
  });

  it.each(operationIds)('every %s request example passes the shared schema and the document’s own', (id) => {
    const op = operation(id);
    const examples = Object.values(op.body.examples ?? {});
    expect(examples.length).toBeGreaterThan(0);
    for (const { value } of examples) {
      expect(contracts[id]!.safeParse(value).error).toBeUndefined();
      expect(violations(op.body.schema, value)).toEqual([]);
    }
  });

  describe('states the spec’s rules', () => {
    const schemas = openApi.components.schemas;
    it('contacts require email, and gender is male or female', () => {
      expect(schemas.Contact!.required).toEqual(['email']);
      expect(schemas.Contact!.properties!.gender!.enum).toEqual(['male', 'female']);
    });
    it('date_of_birth is mm-dd-YYYY, the pattern the services check', () => {
      expect(schemas.Contact!.properties!.date_of_birth!.pattern).toBe(dateOfBirthPattern.source);
    });
    it('attachments are application/pdf of at most 1 MB (as base64 characters)', () => {
      const attachment = schemas.Attachment!.properties!;
      expect(attachment.contentType!.enum).toEqual(['application/pdf']);
      expect(attachment.content!.maxLength).toBe(Math.ceil(maxAttachmentBytes / 3) * 4);
    });
    it('automation events and transactional sends require their fields', () => {
      expect(schemas.AutomationEvent!.required).toEqual(['event_code', 'contact_email']);
      expect(schemas.Transactional!.required).toEqual(['template_code', 'recipient_email']);
    });
  });

  describe('and both checks reject what the rules forbid', () => {
    const contact = operation('createContact').body;
    const transactional = operation('sendTransactional').body;
    const full = contact.examples!.full!.value as Record<string, unknown>;
    const invoice = transactional.examples!.invoice!.value as { attachments: Record<string, unknown>[] };
    const withAttachment = (change: Record<string, unknown>) => ({
      ...invoice,
      attachments: [{ ...invoice.attachments[0], ...change }],
    });
    const oversized = 'A'.repeat(Math.ceil(maxAttachmentBytes / 3) * 4 + 4);

    it.each([
      ['a missing email', { ...full, email: undefined }],
      ['gender other', { ...full, gender: 'other' }],
      ['a date written YYYY-mm-dd', { ...full, date_of_birth: '1992-07-21' }],
      ['a date written dd-mm-YYYY', { ...full, date_of_birth: '21-07-1992' }],
    ])('a contact with %s', (_name, value) => {
      const cleaned = JSON.parse(JSON.stringify(value));
      expect(contactSchema.safeParse(cleaned).success).toBe(false);
      expect(violations(contact.schema, cleaned)).not.toEqual([]);
    });

    it.each([
      ['a PNG attachment', withAttachment({ contentType: 'image/png' })],
      ['an attachment over 1 MB', withAttachment({ content: oversized })],
      ['no recipient', { ...invoice, recipient_email: undefined }],
    ])('a transactional with %s', (_name, value) => {
      const cleaned = JSON.parse(JSON.stringify(value));
      expect(transactionalSchema.safeParse(cleaned).success).toBe(false);
      expect(violations(transactional.schema, cleaned)).not.toEqual([]);
    });
  });
});
