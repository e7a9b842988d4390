import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { NodeSqliteDatabase } from '../../src/db/node-sqlite.ts';

describe('node:sqlite under Kysely', () => {
  const database = () => {
    const sqlite = new DatabaseSync(':memory:');
    sqlite.exec('create table numbers (n integer); insert into numbers values (1), (2), (3), (4);');
    return new NodeSqliteDatabase(sqlite);
  };

  it('runs a kept statement again with other parameters', () => {
    const db = database();
    const query = 'select n from numbers where n > ? order by n';
    expect(db.prepare(query).all([2])).toEqual([{ n: 3 }, { n: 4 }]);
    expect(db.prepare(query).all([3])).toEqual([{ n: 4 }]);
    expect(db.prepare('insert into numbers values (?)').run([5])).toMatchObject({ changes: 1 });
    expect(db.prepare(query).all([3])).toEqual([{ n: 4 }, { n: 5 }]);
    db.close();
  });

  it('reads a stream to its end while the same query runs beside it', () => {
    const db = database();
    const query = 'select n from numbers where n > ? order by n';
    const streamed: unknown[] = [];
    for (const row of db.prepare(query).iterate([0])) {
      streamed.push(row);
      expect(db.prepare(query).all([0])).toHaveLength(4);
    }
    expect(streamed).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    db.close();
  });
});
