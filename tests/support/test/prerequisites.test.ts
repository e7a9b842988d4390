import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { faceInstalled, fallbackTestFaces, localNames } from '@growmail/test-support/prerequisites';

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

describe('the check npm test runs first', () => {
  it('passes on this machine, which has what the suite needs', () => {
    const run = check({});
    expect(run.stderr).not.toMatch(/^missing:/m);
    expect(run.status).toBe(0);
  });

  it('fails naming a missing program and its package', () => {
    const run = check({ CHROMIUM_PATH: '/nonexistent' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('missing: Chromium, at /nonexistent (Debian: chromium)');
    expect(run.stderr).toContain('apt-get install chromium');
  });

  it('warns about nginx without failing, and requires it when REQUIRE_NGINX is set', () => {
    const optional = check({ NGINX_PATH: '/nonexistent', REQUIRE_NGINX: '' });
    expect(optional.stderr).toMatch(/^warning: nginx .* \(Debian: nginx\)$/m);
    expect(optional.status).toBe(0);
    const required = check({ NGINX_PATH: '/nonexistent', REQUIRE_NGINX: '1' });
    expect(required.stderr).toMatch(/^missing: nginx .* \(Debian: nginx\)$/m);
    expect(required.status).toBe(1);
  });

  it('fails naming a required service that does not answer', () => {
    const run = check({ REQUIRE_REDIS: '1', TEST_REDIS_URL: 'redis://127.0.0.1:9' });
    expect(run.stderr).toContain('missing: Redis (REQUIRE_REDIS=1), at redis://127.0.0.1:9 (Debian: redis-server)');
    expect(run.status).toBe(1);
  });

  it.each(Object.entries(fallbackTestFaces))(
    'names the face %s and its package %s when its folder is left out',
    (face, debian) => {
      const name = face as keyof typeof fallbackTestFaces;
      const env = { FONTCONFIG_FILE: fontconfigWithout(name) };
      expect(faceInstalled(name)).toBe(true);
      expect(faceInstalled(name, { ...process.env, ...env })).toBe(false);
      const run = check(env);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`^missing: The face ${face}, .*\\(Debian: ${debian}\\)$`, 'm'));
      // The other faces are still found.
      expect(run.stderr.match(/^missing: The face/gm)).toHaveLength(1);
    },
  );
});
