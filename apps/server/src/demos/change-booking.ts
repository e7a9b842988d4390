import type { DataAccess } from '../repositories/index.ts';

/** Cancels a live booking that has not started; false when it is cancelled, past or unknown. */
export async function cancelBooking(data: DataAccess, id: string, now: Date): Promise<boolean> {
  return data.db.kysely.transaction().execute((trx) => data.demos.in(trx).cancel(id, now));
}
