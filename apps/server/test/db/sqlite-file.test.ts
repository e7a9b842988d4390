import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/db/index.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { searchKeys } from '../../src/submissions/lead-search.ts';

describe('the embedded database', () => {
  it('creates its file and folder on first use, in WAL mode, and keeps data across opens', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gm-sqlite-')), 'nested', 'growmail.sqlite');
    const first = openDatabase(`sqlite:${file}`);
    await migrateToLatest(first.kysely);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first.kysely);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    const kept = await dataAccess(first).leads.insert('savings', 'a@example.com', {}, searchKeys({}));
    await first.close();
    expect(existsSync(file)).toBe(true);

    const second = openDatabase(`sqlite:${file}`);
    await migrateToLatest(second.kysely);
    const rows = await dataAccess(second).leads.list({});
    expect(rows.map((row) => ({ id: row.id }))).toEqual([{ id: kept }]);
    await second.close();
  });
});
