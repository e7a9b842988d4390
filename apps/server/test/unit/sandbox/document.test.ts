import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sandboxOperations } from '../../../src/sandbox/document.ts';

const source = readFileSync(new URL('../../../../site/src/content/openapi.yaml', import.meta.url), 'utf8');

describe('the sandbox operations', () => {
  it('are compiled from the published document, with its request schemas', () => {
    const operations = sandboxOperations(source);
    expect(operations.map(({ path }) => path)).toContain('/v1/contacts');
    const contacts = operations.find(({ path }) => path === '/v1/contacts')!;
    expect(contacts.validate({})).toBe(false);
    expect(contacts.validate.errors?.length).toBeGreaterThan(0);
  });

  it('are compiled once for a document that every app of the process serves, and again for another', () => {
    const first = sandboxOperations(source);
    expect(sandboxOperations(source)).toBe(first);
    const changed = source.replace(/^(\s*version:\s*)(.+)$/m, '$1"0.0.0-test"');
    expect(changed).not.toBe(source);
    const other = sandboxOperations(changed);
    expect(other).not.toBe(first);
    expect(other.map(({ path }) => path)).toEqual(first.map(({ path }) => path));
  });
});
