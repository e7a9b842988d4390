import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiResponseSchema, failure, ok } from '../src/index.ts';

describe('the response shape of spec §3', () => {
  const schema = apiResponseSchema(z.object({ message: z.string() }));

  it('carries a payload and a null error on success', () => {
    expect(ok({ message: 'hi' })).toEqual({ error: null, payload: { message: 'hi' } });
    expect(schema.safeParse(ok({ message: 'hi' })).success).toBe(true);
  });

  it('carries an error and a null payload on failure', () => {
    expect(failure('nope')).toEqual({ error: 'nope', payload: null });
    expect(schema.safeParse(failure('nope')).success).toBe(true);
  });

  it('rejects an answer with both or neither', () => {
    expect(schema.safeParse({ error: 'x', payload: { message: 'y' } }).success).toBe(false);
    expect(schema.safeParse({ error: null, payload: null }).success).toBe(false);
  });
});
