import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { runCommand } from '../../src/cli/run.ts';
import { team } from '../../src/cli/team.ts';

const directory = mkdtempSync(join(tmpdir(), 'gm-team-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** `npm run team` in this process, against one SQLite file; what it printed, line by line. */
async function teamCommand(databaseUrl: string, ...argv: string[]) {
  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => printed.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => printed.push(line));
  const code = await runCommand(team, argv, { DATABASE_URL: databaseUrl, PUBLIC_URL: 'http://localhost:4010' });
  vi.restoreAllMocks();
  return { code, printed: printed.join('\n') };
}

describe('npm run team and the editor role (D45)', () => {
  it('invites an editor, gives a member the role, and names the roles when one is wrong', async () => {
    const url = `sqlite:${join(directory, 'team.sqlite')}`;
    const invited = await teamCommand(url, 'invite', 'kemi@growmail.test', '--role', 'editor', '--name', 'Kemi Ade');
    expect(invited).toMatchObject({ code: 0 });
    expect(invited.printed).toContain('Kemi Ade <kemi@growmail.test>, editor');
    await teamCommand(url, 'invite', 'bola@growmail.test', '--role', 'viewer', '--name', 'Bola');
    expect(await teamCommand(url, 'role', 'bola@growmail.test', 'editor')).toEqual({
      code: 0,
      printed: 'bola@growmail.test is now editor; their sessions have ended.',
    });
    expect((await teamCommand(url, 'list')).printed.split('\n').sort()).toEqual([
      'bola@growmail.test  editor  Bola  Africa/Lagos',
      'kemi@growmail.test  editor  Kemi Ade  Africa/Lagos',
    ]);
    const refused = await teamCommand(url, 'role', 'bola@growmail.test', 'publisher');
    expect(refused.code).toBe(2);
    expect(refused.printed).toContain('Say role <email> and one of viewer, sales, editor, admin.');
  });
});
