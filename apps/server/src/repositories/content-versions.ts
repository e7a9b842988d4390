import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { repository, type Executor } from './repository.ts';

/** The channel a server listens on, on PostgreSQL, to hear at once that the current version changed. */
export const contentVersionChannel = 'content_version';

/** A published version as servers read it. */
export type ContentVersion = {
  id: string;
  publishId: string;
  commit: string;
  /** The release whose code built it. */
  release: string;
  /** Each file's path in the build and its body's SHA-256. */
  files: Record<string, string>;
  previousId: string | null;
  createdAt: string;
};

export const sha256Of = (body: Uint8Array) => createHash('sha256').update(body).digest('hex');

/** How many bodies one statement writes or reads: PostgreSQL and SQLite both take this many parameters. */
const batch = 200;

/**
 * The site's published versions (D45): files kept by content, a version's list of them, and the
 * one current version. Making a version current names the one before it, so "the previous
 * version" is always the one visitors saw last; on PostgreSQL it also notifies the servers.
 */
const contentVersionQueries = (db: Executor) => ({
  /** Stores a version and whichever of its files are not stored yet. */
  async store(
    version: { id: string; publishId: string; commit: string; release: string; at: Date },
    files: ReadonlyMap<string, Uint8Array>,
  ) {
    const manifest: Record<string, string> = {};
    const bodies = new Map<string, Uint8Array>();
    for (const [path, body] of files) {
      const hash = sha256Of(body);
      manifest[path] = hash;
      bodies.set(hash, body);
    }
    const hashes = [...bodies.keys()];
    for (let start = 0; start < hashes.length; start += batch) {
      const rows = hashes.slice(start, start + batch).map((sha256) => ({ sha256, body: bodies.get(sha256)! }));
      await db
        .insertInto('content_files')
        .values(rows)
        .onConflict((conflict) => conflict.column('sha256').doNothing())
        .execute();
    }
    await db
      .insertInto('content_versions')
      .values({
        id: version.id,
        publish_id: version.publishId,
        commit: version.commit,
        release: version.release,
        files: JSON.stringify(manifest),
        previous_id: null,
        created_at: version.at.toISOString(),
      })
      .execute();
  },

  /** Makes a version the one every server serves, noting the one it follows. */
  async makeCurrent(id: string, at: Date, dialect: 'sqlite' | 'postgres'): Promise<void> {
    const before = await db.selectFrom('content_current').select('version_id').where('id', '=', 1).executeTakeFirst();
    if (before?.version_id === id) return;
    await db
      .updateTable('content_versions')
      .set({ previous_id: before?.version_id ?? null })
      .where('id', '=', id)
      .execute();
    await db
      .insertInto('content_current')
      .values({ id: 1, version_id: id, changed_at: at.toISOString() })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ version_id: id, changed_at: at.toISOString() }))
      .execute();
    // Delivered when the transaction commits, so a server that hears it reads the new row.
    if (dialect === 'postgres') await sql`select pg_notify(${contentVersionChannel}, ${id})`.execute(db);
  },

  /**
   * Makes an earlier version current again (an undo, D45), or the release's own build when
   * `id` is undefined, leaving each version's `previous_id` as its publish made it: the one
   * before is still the one before, however often it is undone. Notifies as `makeCurrent` does.
   */
  async restore(id: string | undefined, at: Date, dialect: 'sqlite' | 'postgres'): Promise<void> {
    if (id === undefined) await db.deleteFrom('content_current').where('id', '=', 1).execute();
    else
      await db
        .insertInto('content_current')
        .values({ id: 1, version_id: id, changed_at: at.toISOString() })
        .onConflict((conflict) => conflict.column('id').doUpdateSet({ version_id: id, changed_at: at.toISOString() }))
        .execute();
    if (dialect === 'postgres') await sql`select pg_notify(${contentVersionChannel}, ${id ?? 'release'})`.execute(db);
  },

  /** The current version's id; undefined while the site is the release's own build. */
  async currentId(): Promise<string | undefined> {
    const row = await db.selectFrom('content_current').select('version_id').where('id', '=', 1).executeTakeFirst();
    return row?.version_id;
  },

  async find(id: string): Promise<ContentVersion | undefined> {
    const row = await db.selectFrom('content_versions').selectAll().where('id', '=', id).executeTakeFirst();
    return (
      row && {
        id: row.id,
        publishId: row.publish_id,
        commit: row.commit,
        release: row.release,
        files: JSON.parse(row.files) as Record<string, string>,
        previousId: row.previous_id,
        createdAt: row.created_at,
      }
    );
  },

  /** The bodies of the hashes asked for, by hash. */
  async bodies(hashes: readonly string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    const unique = [...new Set(hashes)];
    for (let start = 0; start < unique.length; start += batch) {
      const rows = await db
        .selectFrom('content_files')
        .selectAll()
        .where('sha256', 'in', unique.slice(start, start + batch))
        .execute();
      for (const row of rows) found.set(row.sha256, Buffer.from(row.body));
    }
    return found;
  },
});

export const contentVersionsRepository = repository(contentVersionQueries);
