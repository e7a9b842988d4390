import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogueFromAnswer } from '@growmail/contracts/catalogue-shape';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCataloguePath, loadCatalogue } from '../../src/services/modules/catalogue.ts';
import { testApp } from '@growmail/test-support/app';

describe('GET /services/modules/modules', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the catalogue as {error: null, payload: {data, meta: {size}}} (D13)', async () => {
    const response = await app.inject({ method: 'GET', url: '/services/modules/modules' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body.error).toBeNull();
    expect(body.payload.meta).toEqual({ size: 4 });
    expect(body.payload.data.map((module: { code: string }) => module.code)).toEqual([
      'campaign',
      'automation',
      'transactional',
      'analytics',
    ]);
    const file = JSON.parse(await readFile(defaultCataloguePath, 'utf8'));
    expect(catalogueFromAnswer(body.payload)).toEqual(file);
  });

  it('carries the volume rate tiers with the two suspect values flagged (D11)', async () => {
    const { payload } = (await app.inject({ method: 'GET', url: '/services/modules/modules' })).json();
    const ninth = payload.rates.tiers[8];
    expect(ninth.rates).toEqual({ NGN: 0.6, USD: 0.00083, KES: 0.48, GHS: 0.0059, XOF: 0.3, XAF: 0.3 });
    expect(Object.keys(ninth.suspect)).toEqual(['KES', 'USD']);
    expect(payload.rates.tiers[0].rates).toEqual({ NGN: 1, USD: 0.00083, KES: 0.08, GHS: 0.0098, XOF: 0.5, XAF: 0.5 });
  });

  it('is never cached, like every service answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/services/modules/modules' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 in the spec shape for other paths', async () => {
    const response = await app.inject({ method: 'GET', url: '/services/modules/prices' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found.', payload: null });
  });
});

describe('the catalogue file at start-up', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gm-catalogue-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('stops start-up with a message naming the file and the problem', async () => {
    const data = JSON.parse(await readFile(defaultCataloguePath, 'utf8'));
    data.modules[2].pricing[0].discounts.month.value = 150;
    const path = join(dir, 'bad.json');
    await writeFile(path, JSON.stringify(data));
    await expect(loadCatalogue(path)).rejects.toThrow(
      /modules\.2\.pricing\.0\.discounts\.month\.value[\s\S]*bad\.json/,
    );
  });

  it('names a file that is missing or not JSON', async () => {
    await expect(loadCatalogue(join(dir, 'missing.json'))).rejects.toThrow(
      /Cannot read the catalogue at .*missing\.json/,
    );
    const path = join(dir, 'broken.json');
    await writeFile(path, '{"modules": [');
    await expect(loadCatalogue(path)).rejects.toThrow(/Cannot read the catalogue at .*broken\.json/);
  });
});
