import { describe, expect, it } from 'vitest';
import { failure, ok } from '../src/api.ts';

describe('the response shape of every guest service', () => {
  it('carries a payload and a null error on success', () => {
    expect(ok({ message: 'hi' })).toEqual({ error: null, payload: { message: 'hi' } });
  });

  it('carries an error and a null payload on failure', () => {
    expect(failure('nope')).toEqual({ error: 'nope', payload: null });
  });
});
