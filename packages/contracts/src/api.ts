/** Every guest service answers with this shape (Entities, API response). */
export type ApiResponse<T> = { error: string; payload: null } | { error: null; payload: T };

export const ok = <T>(payload: T): ApiResponse<T> => ({ error: null, payload });
export const failure = (error: string): ApiResponse<never> => ({ error, payload: null });

/** What `GET /services/health` answers when every part works. */
export type Health = { status: 'ok'; database: 'sqlite' | 'postgres' };

/** What `GET /services/health/live` answers while the process can answer at all. */
export type Liveness = { status: 'live' };

/**
 * What `GET /services/health/ready` answers while the server takes traffic. The database is
 * reported, not required: pages never need it (D26).
 */
export type Readiness = {
  status: 'ready';
  database: 'available' | 'unavailable' | 'migrating';
  /** The published version of the site this server serves (D45), or `release` for the release's own build. */
  version: string;
};
