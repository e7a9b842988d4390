import type { AlertReason } from '@growmail/contracts/team-alerts';
import type { TeamRole } from '@growmail/contracts/team';
import type { PushSubscriptionJson } from '@growmail/contracts/push';
import { randomUUID } from 'node:crypto';
import { repository, type Executor } from './repository.ts';

/** A member's alert as the outbox keeps it: which device, which lead and why; its words are made when it is sent. */
export type QueuedAlert = { subscription_id: string; lead_id: string; reason: AlertReason };

/** A device a member turned alerts on for, as their account page lists it. */
export type AlertDevice = { id: string; endpoint: string; device: string; created_at: string };

/**
 * Members' alerts (issue 54): the devices each member turned them on for
 * (`team_push_subscriptions`, never the contacts' `push_subscriptions`), and the alerts queued
 * for them in the outbox table (channel `alert`).
 */
const alertQueries = (db: Executor) => ({
  /**
   * Keeps a device's subscription for a member. The same endpoint again (the same browser, turned
   * on again, or by another member signed in on it) becomes this member's, with its new keys.
   */
  async saveDevice(memberId: string, subscription: PushSubscriptionJson, device: string): Promise<string> {
    const values = {
      member_id: memberId,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      device,
      created_at: new Date().toISOString(),
    };
    await db
      .insertInto('team_push_subscriptions')
      .values({ id: randomUUID(), endpoint: subscription.endpoint, ...values })
      .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(values))
      .execute();
    const saved = await db
      .selectFrom('team_push_subscriptions')
      .select('id')
      .where('endpoint', '=', subscription.endpoint)
      .executeTakeFirstOrThrow();
    return saved.id;
  },

  /** A member's devices with alerts on, newest first. */
  devices(memberId: string): Promise<AlertDevice[]> {
    return db
      .selectFrom('team_push_subscriptions')
      .select(['id', 'endpoint', 'device', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  },

  /** Turns alerts off on one of a member's devices, named by its id or its endpoint; false when they have no such device. */
  async removeDevice(memberId: string, device: { id: string } | { endpoint: string }): Promise<boolean> {
    const mine = db.deleteFrom('team_push_subscriptions').where('member_id', '=', memberId);
    const result = await (
      'id' in device ? mine.where('id', '=', device.id) : mine.where('endpoint', '=', device.endpoint)
    ).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },

  /** Turns alerts off on every device of a member; how many there were. */
  async removeDevices(memberId: string): Promise<number> {
    const result = await db.deleteFrom('team_push_subscriptions').where('member_id', '=', memberId).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Forgets a device its push service says is gone for good. */
  async forgetDevice(id: string): Promise<void> {
    await db.deleteFrom('team_push_subscriptions').where('id', '=', id).execute();
  },

  /**
   * The devices to alert: those of the members with one of `roles`, or of one member only when
   * `memberId` is given and their role is one of them; never those of `except`.
   */
  async devicesToAlert(
    roles: readonly TeamRole[],
    { memberId, except }: { memberId?: string; except?: string | null } = {},
  ): Promise<string[]> {
    if (roles.length === 0) return [];
    let query = db
      .selectFrom('team_push_subscriptions')
      .innerJoin('team_members', 'team_members.id', 'team_push_subscriptions.member_id')
      .select('team_push_subscriptions.id')
      .where('team_members.role', 'in', roles);
    if (memberId !== undefined) query = query.where('team_members.id', '=', memberId);
    if (except) query = query.where('team_members.id', '!=', except);
    const rows = await query.orderBy('team_push_subscriptions.id').execute();
    return rows.map((row) => row.id);
  },

  /** Queues an alert in the caller's transaction, due at once. */
  async enqueue(alert: QueuedAlert): Promise<void> {
    const now = new Date().toISOString();
    await db
      .insertInto('outbox')
      .values({
        id: randomUUID(),
        topic: `alert:${alert.reason}`,
        channel: 'alert',
        message: JSON.stringify(alert),
        next_attempt_at: now,
        created_at: now,
      })
      .execute();
  },

  /** Alerts due for an attempt: not sent, not held by another server; oldest first. */
  due(now: Date, limit: number) {
    return db
      .selectFrom('outbox')
      .select(['id', 'message', 'attempts', 'created_at'])
      .where('channel', '=', 'alert')
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now.toISOString())
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]))
      .orderBy('created_at')
      .limit(limit)
      .execute();
  },

  /**
   * The device an alert is for, while its member still has one of `roles`: a device turned off,
   * or a member removed or given a role without alerts since the alert was queued, gets none.
   */
  async target(subscriptionId: string, roles: readonly TeamRole[]) {
    if (roles.length === 0) return undefined;
    return db
      .selectFrom('team_push_subscriptions')
      .innerJoin('team_members', 'team_members.id', 'team_push_subscriptions.member_id')
      .select(['team_push_subscriptions.id', 'endpoint', 'p256dh', 'auth'])
      .where('team_push_subscriptions.id', '=', subscriptionId)
      .where('team_members.role', 'in', roles)
      .executeTakeFirst();
  },

  /** Settles an alert that will not be sent (its device or lead gone, or too old), saying why. */
  async settle(id: string, attempts: number, why: string): Promise<void> {
    await db
      .updateTable('outbox')
      .set({ sent_at: new Date().toISOString(), attempts, locked_until: null, last_error: why })
      .where('id', '=', id)
      .execute();
  },
});

export const alertsRepository = repository(alertQueries);
