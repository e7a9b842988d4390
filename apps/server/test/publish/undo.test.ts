import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publisherCheckout } from '@growmail/test-support/publisher';
import { commitContent, onContentBranch } from '../../src/publisher/git.ts';
import { runUndo } from '../../src/publisher/undo.ts';
import type { ContentPublish } from '../../src/repositories/content-publishes.ts';

/**
 * An undo on the content branch (D45): no build, only Git. The publisher reverts the undone
 * publish's commit, by the member who undid it, so the next publish is built from the words
 * visitors see again.
 */
describe('the publisher’s undo (D45)', () => {
  let checkout: ReturnType<typeof publisherCheckout>;
  beforeAll(async () => {
    checkout = publisherCheckout();
    await onContentBranch(checkout.site);
  });
  afterAll(() => checkout?.remove());

  const file = () => join(checkout.site, 'src/content/home.yaml');
  const row = (fields: Partial<ContentPublish>): ContentPublish => ({
    id: '00000000-0000-4000-8000-000000000001',
    purpose: 'publish',
    state: 'passed',
    entries: ['home'],
    drafts: {},
    words: [],
    requestedBy: 'Ada Obi',
    requestedById: 'm1',
    requestedAt: new Date().toISOString(),
    problems: [],
    ...fields,
  });

  it('reverts the undone publish’s commit, by the member who undid it, and names a revert that cannot apply', async () => {
    const released = readFileSync(file(), 'utf8');
    writeFileSync(file(), released.replace(/heroLead: .*/, 'heroLead: Words to take back.'));
    const commit = await commitContent(checkout.site, [file()], { id: 'm1', name: 'Ada Obi' }, 'Publish home');
    const undo = row({
      id: '00000000-0000-4000-8000-000000000002',
      purpose: 'undo',
      requestedBy: 'Bo Li',
      requestedById: 'm2',
    });

    const outcome = await runUndo(checkout.site, undo, row({ commit }));
    expect(outcome.state).toBe('passed');
    expect(readFileSync(file(), 'utf8')).toBe(released);
    expect(checkout.git('log', '-1', '--format=%an|%ae|%s')).toBe(
      `Bo Li (member m2)|member-m2@members.invalid|Undo publish ${row({}).id} of home (undo ${undo.id})`,
    );
    expect(checkout.git('status', '--porcelain')).toBe('');

    // The same commit again: its changes are gone already, so the revert does not apply; the checkout stays clean.
    const again = await runUndo(checkout.site, undo, row({ commit }));
    expect(again.state).toBe('refused');
    expect(checkout.git('status', '--porcelain')).toBe('');
    expect((await runUndo(checkout.site, undo, row({}))).state, 'no commit to revert').toBe('refused');
  });
});
