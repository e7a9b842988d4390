import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { email } from '@growmail/contracts/primitives';
import * as z from 'zod/mini';
import zodValidation from '../../src/plugins/zod-validation.ts';
import { serverErrorMessage, useServiceErrors } from '../../src/services/errors.ts';
import { testApp } from '@growmail/test-support/app';

describe('the guest services', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('report health with the database in use', async () => {
    const response = await app.inject('/services/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ error: null, payload: { status: 'ok', database: 'sqlite' } });
  });

  it('answer JSON 404 for an unknown endpoint instead of a page', async () => {
    const response = await app.inject('/services/users/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found.', payload: null });
  });

  it('refuse an oversized body with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/services/users/nothing',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The request is too large.', payload: null });
  });

  it('refuse a body that is not JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/services/users/nothing',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().payload).toBeNull();
  });
});

describe('the one error handler', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    await app.register(zodValidation);
    await app.register(async (scope) => {
      useServiceErrors(scope);
      scope.post('/things', { schema: { body: z.object({ email: email() }) } }, async () => ({
        error: null,
        payload: { saved: true },
      }));
      scope.get('/boom', async () => {
        throw new Error('connection string postgres://secret@db');
      });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('names the invalid field in a 400', async () => {
    const response = await app.inject({ method: 'POST', url: '/things', payload: { email: 'nope' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'email: Invalid email address.', payload: null });
  });

  it('hides the detail of a 500', async () => {
    const response = await app.inject('/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: serverErrorMessage, payload: null });
    expect(response.body).not.toContain('secret');
  });
});
