import type { LeadKind } from '@growmail/contracts/form-names';
import { teamRoles } from '@growmail/contracts/team';
import { may } from '@growmail/contracts/team-access';
import { memberAlert, memberAlertSchema, type AlertReason } from '@growmail/contracts/team-alerts';
import type { QueuedAlert } from '../repositories/alerts.ts';
import type { Repositories } from '../repositories/index.ts';
import type { Executor } from '../repositories/repository.ts';
import { deliverPush, type PushSettings } from '../services/messaging/push-sending.ts';
import { leadName } from '../submissions/lead-search.ts';

/** The roles whose members get alerts: those the access table grants `leads.alerts`. */
export const alertedRoles = teamRoles.filter((role) => may(role, 'leads.alerts'));

/** An alert not taken by its push service after a day is not news any more: it is settled unsent. */
export const alertLifetimeMs = 24 * 60 * 60 * 1000;

/**
 * Queues a lead's alerts in the lead's own transaction (issue 54), one outbox row per device: a
 * new lead to every device of the members who get alerts, except the member who made it a lead
 * (`except`, who released it from the quarantine); a lead given to a member to that member's
 * devices, unless they took it themselves. Nothing is queued for a member without a device.
 */
export async function queueLeadAlerts(
  data: Pick<Repositories, 'alerts'>,
  trx: Executor,
  leadId: string,
  alert: { reason: 'new'; except?: string | null } | { reason: 'assigned'; to: string; by: string | null },
): Promise<number> {
  const alerts = data.alerts.in(trx);
  const devices =
    alert.reason === 'new'
      ? await alerts.devicesToAlert(alertedRoles, { except: alert.except ?? null })
      : alert.to === alert.by
        ? []
        : await alerts.devicesToAlert(alertedRoles, { memberId: alert.to });
  for (const device of devices)
    await alerts.enqueue({ subscription_id: device, lead_id: leadId, reason: alert.reason });
  return devices.length;
}

/** What became of one queued alert. */
export type AlertOutcome = 'sent' | 'failed' | 'settled';

/**
 * Sends one queued alert: the lead's name and form and its page (`memberAlert`), never a contact
 * detail or a tracking id, encrypted for the device and signed by `deliverPush`. The words are
 * made now, from the lead as it is: an alert whose lead was erased, whose device was turned off,
 * whose member left or lost alerts with their role, or that waited a day is settled unsent.
 */
export async function sendAlert(
  data: Pick<Repositories, 'alerts' | 'leads'>,
  settings: PushSettings,
  row: { id: string; message: string; attempts: number; created_at: string },
): Promise<AlertOutcome> {
  const attempts = row.attempts + 1;
  const settle = async (why: string) => {
    await data.alerts.settle(row.id, attempts, why);
    return 'settled' as const;
  };
  const queued = JSON.parse(row.message) as QueuedAlert;
  if (Date.parse(row.created_at) < Date.now() - alertLifetimeMs) return settle('expired');
  const device = await data.alerts.target(queued.subscription_id, alertedRoles);
  if (!device) return settle('no device');
  const lead = await data.leads.find(queued.lead_id);
  if (!lead) return settle('no lead');
  const fields = JSON.parse(lead.metadata) as Record<string, unknown>;
  const alert = memberAlertSchema.safeParse(
    memberAlert(queued.reason as AlertReason, { id: lead.id, form: lead.type as LeadKind, name: leadName(fields) }),
  );
  // Only a row written by hand could fail here; retrying it would fail the same way.
  if (!alert.success) return settle('not an alert');
  const payload = alert.data;
  const ttlSeconds = Math.max(60, Math.round((Date.parse(row.created_at) + alertLifetimeMs - Date.now()) / 1000));
  const outcome = await deliverPush(device, JSON.stringify(payload), settings, ttlSeconds);
  if (outcome === 'gone') {
    await data.alerts.forgetDevice(device.id);
    return settle('device gone');
  }
  if (outcome === 'refused') return settle('not a known push service');
  return outcome;
}
