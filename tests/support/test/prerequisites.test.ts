import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  faceInstalled,
  fallbackTestFaces,
  localNames,
  prerequisites,
  report,
} from '@growmail/test-support/prerequisites';

const cli = join(import.meta.dirname, '..', 'prerequisites.ts');
const check = (env: Record<string, string>) =>
  spawnSync(process.execPath, [cli], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });

const scratch = mkdtempSync(join(tmpdir(), 'prerequisites-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A fontconfig file that keeps the machine's own configuration but leaves out one face's folder. */
function fontconfigWithout(face: keyof typeof fallbackTestFaces): string {
  const [regular] = localNames(face);
  const listed = execFileSync('fc-list', ['--format', '%{fullname}|%{postscriptname}|%{file}\\n'], {
    encoding: 'utf8',
  });
  const line = listed
    .split('\n')
    .map((entry) => entry.split('|'))
    .find(([full = '', postscript = '']) =>
      [...full.split(','), postscript].some((name) => regular!.includes(name.trim())),
    );
  const folder = dirname(line![2]!);
  const file = join(scratch, `without-${face}.conf`);
  writeFileSync(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont><glob>${folder}/*</glob></rejectfont></selectfont>
</fontconfig>
`,
  );
  return file;
}

/** The check's report on this machine with `env` over its environment. */
const checked = async (env: Record<string, string>) => report(await prerequisites({ ...process.env, ...env }));

// Each check runs fc-list and a Python; a busy machine takes seconds for them.
describe('the check npm test runs first', { timeout: 30_000 }, () => {
  it('passes on this machine, which has what the suite needs', async () => {
    const { text, failed } = await checked({});
    expect(text).not.toMatch(/^missing:/m);
    expect(failed).toBe(false);
  });

  it('fails from the command line naming a missing program and its package, and lists it for .ci/run', () => {
    const run = check({ CHROMIUM_PATH: '/nonexistent' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('missing: Chromium, at /nonexistent (Debian: chromium)');
    expect(run.stderr).toContain('apt-get install chromium');
    const packages = spawnSync(process.execPath, [cli, '--packages'], {
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent' },
      encoding: 'utf8',
    });
    expect(packages.stdout.trim().split(' ')).toContain('chromium');
  });

  it('warns about nginx without failing, and requires it when REQUIRE_NGINX is set', async () => {
    const optional = await checked({ NGINX_PATH: '/nonexistent', REQUIRE_NGINX: '' });
    expect(optional.text).toMatch(/^warning: nginx .* \(Debian: nginx\)$/m);
    expect(optional.failed).toBe(false);
    const required = await checked({ NGINX_PATH: '/nonexistent', REQUIRE_NGINX: '1' });
    expect(required.text).toMatch(/^missing: nginx .* \(Debian: nginx\)$/m);
    expect(required.failed).toBe(true);
  });

  it('fails naming a required service that does not answer', async () => {
    const { text, failed } = await checked({ REQUIRE_REDIS: '1', TEST_REDIS_URL: 'redis://127.0.0.1:9' });
    expect(text).toContain('missing: Redis (REQUIRE_REDIS=1), at redis://127.0.0.1:9 (Debian: redis-server)');
    expect(failed).toBe(true);
  });

  it.each(Object.entries(fallbackTestFaces))(
    'names the face %s and its package %s when its folder is left out',
    async (face, debian) => {
      const name = face as keyof typeof fallbackTestFaces;
      const env = { FONTCONFIG_FILE: fontconfigWithout(name) };
      expect(faceInstalled(name)).toBe(true);
      expect(faceInstalled(name, { ...process.env, ...env })).toBe(false);
      const { text, failed } = await checked(env);
      expect(failed).toBe(true);
      expect(text).toMatch(new RegExp(`^missing: The face ${face}, .*\\(Debian: ${debian}\\)$`, 'm'));
      // The other faces are still found.
      expect(text.match(/^missing: The face/gm)).toHaveLength(1);
    },
  );
});
