import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commitContent, onContentBranch, pushContent } from '../../src/publisher/git.ts';

const identity = {
  GIT_AUTHOR_NAME: 'Release',
  GIT_AUTHOR_EMAIL: 'r@x.invalid',
  GIT_COMMITTER_NAME: 'Release',
  GIT_COMMITTER_EMAIL: 'r@x.invalid',
};

describe('pushing the publisher’s content branch to a Git remote (D45)', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  /** A folder with the released commit on `main`, and a bare repository as its remote, over the file protocol. */
  function setUp() {
    const folder = mkdtempSync(join(tmpdir(), 'publisher-push-'));
    folders.push(folder);
    const git = (cwd: string, ...args: string[]) =>
      execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...identity } }).trim();
    const site = join(folder, 'site');
    const remote = join(folder, 'remote.git');
    execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch', 'main', remote]);
    execFileSync('git', ['init', '--quiet', '--initial-branch', 'main', site]);
    writeFileSync(join(site, 'home.yaml'), 'lead: Before\n');
    git(site, 'add', '.');
    git(site, 'commit', '--quiet', '-m', 'The released site');
    git(site, 'push', '--quiet', remote, 'main');
    const publish = async (lead: string) => {
      writeFileSync(join(site, 'home.yaml'), `lead: ${lead}\n`);
      return commitContent(site, ['home.yaml'], { id: 'm1', name: 'Ada Obi' }, `Publish home (${lead})`);
    };
    return { site, remote, git, publish };
  }

  it('pushes the content branch alone, and each later publish fast-forwards it', async () => {
    const { site, remote, git, publish } = setUp();
    const main = git(remote, 'rev-parse', 'main');
    await onContentBranch(site);
    const first = await publish('After');
    expect(await pushContent(site, { remote, sshKey: undefined })).toBeUndefined();
    expect(git(remote, 'rev-parse', 'content')).toBe(first);
    const second = await publish('Later');
    expect(await pushContent(site, { remote, sshKey: undefined })).toBeUndefined();
    expect(git(remote, 'rev-parse', 'content')).toBe(second);
    expect(git(remote, 'rev-list', '--count', 'content')).toBe('3');
    expect(git(remote, 'rev-parse', 'main'), 'main is never pushed').toBe(main);
    expect(git(remote, 'branch', '--format=%(refname:short)').split('\n').sort()).toEqual(['content', 'main']);
  });

  it('never forces: a content branch moved on the remote refuses the push, and both commits stay', async () => {
    const { site, remote, git, publish } = setUp();
    await onContentBranch(site);
    await publish('After');
    expect(await pushContent(site, { remote, sshKey: undefined })).toBeUndefined();
    // A developer commits on the remote's content branch, from a clone of their own.
    const clone = join(site, '..', 'clone');
    execFileSync('git', ['clone', '--quiet', '--branch', 'content', remote, clone]);
    writeFileSync(join(clone, 'fix.txt'), 'a fix\n');
    git(clone, 'add', '.');
    git(clone, 'commit', '--quiet', '-m', 'A developer’s fix');
    git(clone, 'push', '--quiet', 'origin', 'content');
    const theirs = git(remote, 'rev-parse', 'content');

    await publish('Later');
    const problem = await pushContent(site, { remote, sshKey: undefined });
    expect(problem).toMatch(/rejected|fetch first|non-fast-forward/);
    expect(git(remote, 'rev-parse', 'content'), 'their commit stays').toBe(theirs);
    expect(git(site, 'rev-list', '--count', 'content'), 'the publish’s own commit stays too').toBe('3');
  });

  it('pushes over SSH with the key alone and no prompt, and reports a remote it cannot reach in Git’s words without its credentials', async () => {
    const { site } = setUp();
    await onContentBranch(site);
    // A path with a space and a quote, which ssh is given whole; no file there, so ssh names it.
    const key = join(site, '..', "the publisher's key");
    // Port 9 on loopback: nothing listens, so ssh fails at once rather than waiting on a prompt.
    const problem = await pushContent(site, {
      remote: 'ssh://publisher:hunter2@127.0.0.1:9/growmail.git',
      sshKey: key,
    });
    expect(problem).toContain(`Identity file ${key} not accessible`);
    expect(problem).toMatch(/Could not read from remote repository|Connection refused/);
    expect(problem).not.toContain('hunter2');
  });
});
