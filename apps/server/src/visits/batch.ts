import type { Redis } from 'ioredis';
import type { PageView } from './page-view.ts';

/** Views this process holds at most while the database is away; later ones are not counted. */
const memoryLimit = 200_000;

/**
 * The views waiting to be written. With REDIS_URL they wait in one Redis list that every server
 * adds to and takes from, so a batch holds the views of all servers (D27); while Redis is away, or
 * without it, they wait in this process's memory. Adding never waits for Redis.
 *
 * The views added in one turn of the event loop go to the list in one command: under a burst a
 * command per view cost more of the server than counting the view did.
 */
export class ViewBatch {
  readonly #memory: PageView[] = [];
  /** Views added this turn, on their way to the shared list. */
  #outgoing: string[] = [];
  readonly #redis: Redis | null;
  readonly #key: string;
  /** Views never counted because the memory was full: added past it, or put back into it. */
  lost = 0;

  constructor(redis: Redis | null, key = 'growmail:visits:views') {
    this.#redis = redis;
    this.#key = key;
  }

  add(view: PageView): void {
    if (this.#redis?.status === 'ready') {
      if (this.#outgoing.length === 0) setImmediate(() => this.#send());
      this.#outgoing.push(JSON.stringify(view));
      return;
    }
    this.#keep([view]);
  }

  /** Puts back views a write could not store, first in line. */
  restore(views: readonly PageView[]): void {
    const room = Math.max(0, memoryLimit - this.#memory.length);
    this.#memory.unshift(...views.slice(0, room));
    this.lost += Math.max(0, views.length - room);
  }

  /** Takes up to `max` views: this process's own first, then the shared list's. */
  async take(max: number): Promise<PageView[]> {
    // This turn's views go to the list first, so a take never overtakes a view added before it.
    this.#send();
    const views = this.#memory.splice(0, max);
    if (views.length < max && this.#redis?.status === 'ready') {
      try {
        const shared = await this.#redis.lpop(this.#key, max - views.length);
        for (const line of shared ?? []) views.push(JSON.parse(line) as PageView);
      } catch {
        // Redis went away: what it holds waits for it to return.
      }
    }
    return views;
  }

  /** Sends this turn's views to the shared list in one command; while Redis is away, they stay here. */
  #send(): void {
    const lines = this.#outgoing;
    if (lines.length === 0) return;
    this.#outgoing = [];
    const keepHere = () => this.#keep(lines.map((line) => JSON.parse(line) as PageView));
    if (this.#redis?.status !== 'ready') return keepHere();
    this.#redis.rpush(this.#key, ...lines).catch(keepHere);
  }

  #keep(views: PageView[]): void {
    const room = Math.max(0, memoryLimit - this.#memory.length);
    this.#memory.push(...views.slice(0, room));
    this.lost += Math.max(0, views.length - room);
  }
}
