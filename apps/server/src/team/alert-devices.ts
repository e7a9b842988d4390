import type { PushSubscriptionJson } from '@growmail/contracts/push';
import { auditActor, type Actor } from '../lib/actor.ts';
import type { DataAccess } from '../repositories/index.ts';

/**
 * A member turning alerts on and off on a device (issue 54), each with its audit row in one
 * transaction. The audit names the device as its browser does, never its endpoint, which is the
 * subscription's secret.
 */

/** The browser and system a user agent names, as the account page lists a device: "Chrome on Android". */
export function deviceName(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  const browser =
    [
      ['Edge', /\bEdg(e|A|iOS)?\//],
      ['Samsung Internet', /\bSamsungBrowser\//],
      ['Opera', /\b(OPR|Opera)\//],
      ['Firefox', /\b(Firefox|FxiOS)\//],
      ['Chrome', /\b(Chrome|CriOS)\//],
      ['Safari', /\bSafari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(agent))?.[0] ?? 'A browser';
  const system = [
    ['iPhone', /\biPhone\b/],
    ['iPad', /\biPad\b/],
    ['Android', /\bAndroid\b/],
    ['Windows', /\bWindows\b/],
    ['macOS', /\bMac OS X\b/],
    ['ChromeOS', /\bCrOS\b/],
    ['Linux', /\bLinux\b/],
  ].find(([, pattern]) => (pattern as RegExp).test(agent))?.[0];
  return system ? `${browser} on ${system}` : String(browser);
}

/** Keeps a device's subscription for the member, audited. */
export async function turnAlertsOn(
  data: DataAccess,
  subscription: PushSubscriptionJson,
  device: string,
  actor: Actor & { memberId: string },
): Promise<string> {
  return data.db.kysely.transaction().execute(async (trx) => {
    const id = await data.alerts.in(trx).saveDevice(actor.memberId, subscription, device);
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: 'alerts.on',
      recordType: 'member',
      recordId: actor.memberId,
      detail: { device },
    });
    return id;
  });
}

/** Turns alerts off on one of the member's devices, audited; false when they have no such device. */
export async function turnAlertsOff(
  data: DataAccess,
  device: { id: string } | { endpoint: string },
  actor: Actor & { memberId: string },
): Promise<boolean> {
  return data.db.kysely.transaction().execute(async (trx) => {
    if (!(await data.alerts.in(trx).removeDevice(actor.memberId, device))) return false;
    await data.audit.in(trx).record({
      ...auditActor(actor),
      action: 'alerts.off',
      recordType: 'member',
      recordId: actor.memberId,
    });
    return true;
  });
}
