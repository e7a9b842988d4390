import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { buildApp } from '@growmail/server/app';
import { loadConfig } from '@growmail/server/config';
import type { FastifyInstance } from 'fastify';
import { parse as parseHtml } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The curl, JavaScript and Python samples of every operation, exactly as its reference page
 * shows them once the server has filled in its own address, run against a server this test
 * starts: curl from the shell, JavaScript by Node (which has fetch), Python with `requests`.
 * Each must get the sandbox's success answer, echoing the example it sends.
 */
const run = promisify(execFile);

type Operation = {
  operationId: string;
  requestBody: { content: { 'application/json': { examples: Record<string, { value: Record<string, unknown> }> } } };
};
const document = parse(readFileSync(new URL('../../../site/src/content/openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, { post: Operation }>;
};
const pageOf: Record<string, string> = {
  createContact: '/developers/reference/contacts',
  triggerAutomation: '/developers/reference/automations',
  sendTransactional: '/developers/reference/transactionals',
};

/** A Python 3 that can import requests: $PYTHON, then the system's (Debian's python3-requests), then the PATH's. */
async function pythonWithRequests(): Promise<string> {
  for (const candidate of [process.env.PYTHON, '/usr/bin/python3', 'python3'].filter(Boolean) as string[]) {
    try {
      await run(candidate, ['-c', 'import requests']);
      return candidate;
    } catch {
      // try the next
    }
  }
  throw new Error('No Python 3 with requests: apt-get install python3-requests (see README, Prerequisites).');
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let app: FastifyInstance;
let python: string;
let origin: string;
beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SITE_ENV: 'testing',
    DATABASE_URL: 'sqlite::memory:',
    PUBLIC_URL: origin,
    RATE_LIMIT_PER_MINUTE: '1000',
  });
  app = await buildApp({ config });
  await app.listen({ port, host: '127.0.0.1' });
  python = await pythonWithRequests();
});
afterAll(() => app.close());

/** The sample of one language as the page shows it. */
async function sampleOn(page: string, lang: string): Promise<string> {
  const html = (await app.inject(page)).body;
  // `pre` is parsed as markup (the highlighter's spans), not kept as raw text.
  const root = parseHtml(html, { blockTextElements: { script: true, style: true } });
  const code = root.querySelector(`[data-lang-panel="${lang}"] pre`)?.text;
  if (!code) throw new Error(`${page} has no ${lang} sample`);
  return code;
}

/** Runs a sample; JavaScript's console.log is made to print JSON, which is all the test changes. */
async function runSample(lang: string, code: string): Promise<string> {
  const options = { timeout: 20_000 };
  if (lang === 'curl') return (await run('bash', ['-c', `${code} --silent --show-error`], options)).stdout;
  if (lang === 'python') return (await run(python, ['-c', code], options)).stdout;
  const printJson = 'console.log = (value) => process.stdout.write(JSON.stringify(value));\n';
  return (await run(process.execPath, ['-e', printJson + code], options)).stdout;
}

describe('the samples of every operation run against the sandbox', () => {
  for (const [path, { post }] of Object.entries(document.paths)) {
    const example = Object.values(post.requestBody.content['application/json'].examples)[0]!.value;
    for (const lang of ['curl', 'javascript', 'python']) {
      it(`${post.operationId} in ${lang}`, async () => {
        const code = await sampleOn(pageOf[post.operationId]!, lang);
        expect(code).toContain(`${origin}/sandbox${path}`);
        expect(code).toContain('gm_test_sandbox');
        const answer = JSON.parse(await runSample(lang, code)) as {
          error: unknown;
          payload: { data: Record<string, unknown> };
        };
        expect(answer.error).toBeNull();
        expect(answer.payload.data.id).toMatch(/^[0-9a-f-]{36}$/);
        for (const [key, value] of Object.entries(example)) {
          if (key !== 'attachments') expect(answer.payload.data[key]).toEqual(value);
        }
      });
    }
  }
});
