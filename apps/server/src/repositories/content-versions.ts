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
    // Only the bodies not stored yet are sent: a publish changes a few pages of a 34 MB build.
    const hashes = [...bodies.keys()];
    for (let start = 0; start < hashes.length; start += batch) {
      const stored = await db
        .selectFrom('content_files')
        .select('sha256')
        .where('sha256', 'in', hashes.slice(start, start + batch))
        .execute();
      for (const row of stored) bodies.delete(row.sha256);
    }
    const missing = [...bodies.keys()];
    for (let start = 0; start < missing.length; start += batch) {
      const rows = missing.slice(start, start + batch).map((sha256) => ({ sha256, body: bodies.get(sha256)! }));
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

  /**
   * Deletes the versions no one needs any more, and the files no version left holds (D45). Kept:
   * the current version and the `undos` before it (what "Undo the last publish" makes current
   * again, one by one, and whose `/_astro/` files a page still open in a browser asks for); the newest other
   * published version, should an undo have named them otherwise; and the newest previews and
   * any under `previewsFor` old, which members may still be looking at. Rows and files go in
   * batches of `batch`, each its own statement, so neither database holds a long lock or a
   * long list of parameters; a publisher stopped midway leaves only garbage the next prune
   * finds. Resolves to how many versions and files it deleted.
   */
  async prune(
    at: Date,
    keep: { previews: number; previewsFor: number; undos: number } = {
      previews: 2,
      previewsFor: 24 * 60 * 60_000,
      undos: 3,
    },
  ): Promise<{ versions: number; files: number }> {
    const current = await db.selectFrom('content_current').select('version_id').where('id', '=', 1).executeTakeFirst();
    if (!current) return { versions: 0, files: 0 };
    const versions = await db
      .selectFrom('content_versions')
      .leftJoin('content_publishes', 'content_publishes.id', 'content_versions.publish_id')
      .select(['content_versions.id', 'content_versions.previous_id', 'content_versions.created_at', 'purpose'])
      .orderBy('content_versions.created_at', 'desc')
      .orderBy('content_versions.id', 'desc')
      .execute();
    // The current version and the ones before it, so that "Undo the last publish" can go back
    // `keep.undos` times (content/undo.ts refuses once the one before is gone).
    const kept = new Set<string>();
    for (
      let id: string | null | undefined = current.version_id, depth = 0;
      id && depth <= keep.undos;
      id = versions.find((version) => version.id === id)?.previous_id, depth++
    )
      kept.add(id);
    const published = versions.find((version) => version.purpose !== 'preview' && version.id !== current.version_id);
    if (published) kept.add(published.id);
    const since = new Date(at.getTime() - keep.previewsFor).toISOString();
    versions
      .filter((version) => version.purpose === 'preview')
      .forEach((version, newest) => {
        if (newest < keep.previews || version.created_at >= since) kept.add(version.id);
      });
    const gone = versions.filter((version) => !kept.has(version.id)).map((version) => version.id);
    for (let start = 0; start < gone.length; start += batch)
      await db
        .deleteFrom('content_versions')
        .where('id', 'in', gone.slice(start, start + batch))
        .execute();

    // The files every version left holds, read again: a version stored since the list above keeps its own.
    const held = new Set<string>();
    for (const row of await db.selectFrom('content_versions').select('files').execute())
      for (const hash of Object.values(JSON.parse(row.files) as Record<string, string>)) held.add(hash);
    let files = 0;
    let after = '';
    for (;;) {
      const hashes = await db
        .selectFrom('content_files')
        .select('sha256')
        .where('sha256', '>', after)
        .orderBy('sha256')
        .limit(batch * 5)
        .execute();
      if (hashes.length === 0) break;
      after = hashes.at(-1)!.sha256;
      const unheld = hashes.map((row) => row.sha256).filter((hash) => !held.has(hash));
      for (let start = 0; start < unheld.length; start += batch) {
        const result = await db
          .deleteFrom('content_files')
          .where('sha256', 'in', unheld.slice(start, start + batch))
          .executeTakeFirst();
        files += Number(result.numDeletedRows);
      }
    }
    return { versions: gone.length, files };
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
      // The driver's bytes as they are, not copied: a version is 34 MB.
      for (const row of rows)
        found.set(row.sha256, Buffer.from(row.body.buffer, row.body.byteOffset, row.body.byteLength));
    }
    return found;
  },
});

export const contentVersionsRepository = repository(contentVersionQueries);
