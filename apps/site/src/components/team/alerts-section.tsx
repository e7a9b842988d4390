import type { TeamPage, TeamViewer } from '@growmail/contracts/team';
import { may } from '@growmail/contracts/team-access';
import { formatTime, PostForm } from './team-parts';

type Props = Extract<TeamPage, { view: 'account' }>['alerts'] & { csrf: string | undefined; viewer: TeamViewer };

/** Said wherever alerts cannot come: the mail the sales inbox gets does not depend on them. */
const mailGoesOn = 'New leads still reach the sales inbox by mail.';

/**
 * Alerts of leads on the member's devices (issue 54). The switch needs script, which
 * `AlertsScript.astro` brings: it shows the switch where the browser can receive alerts, and says
 * why not where it cannot. Without script the page says so, and each device's alerts can still be
 * turned off by a plain form.
 */
export function AlertsSection({ csrf, viewer, publicKey, devices }: Props) {
  const alerted = may(viewer.role, 'leads.alerts');
  return (
    <section className="team-card mb-4" aria-labelledby="alerts-heading" data-alerts={publicKey ?? undefined}>
      <h2 id="alerts-heading" className="mb-3 text-lg font-semibold">
        Alerts of new leads
      </h2>
      {!alerted ? (
        <p className="mb-3">Alerts are for members who work leads: sales and admins. {mailGoesOn}</p>
      ) : !publicKey ? (
        <p className="mb-3">
          Alerts are off for the whole console: the server has no web push keys (VAPID). {mailGoesOn}
        </p>
      ) : (
        <>
          <p className="mb-3">
            A new lead, and a lead given to you, show on your devices as a notification with the person’s name and the
            form, never their address or phone number. Tap it to open the lead.
          </p>
          <div className="mb-3" data-alerts-control hidden>
            <label className="inline-flex items-center gap-2 font-medium">
              <input type="checkbox" role="switch" className="size-5" data-alerts-switch />
              Alerts on this device
            </label>
          </div>
          <p className="mb-3" role="status" data-alerts-status>
            Turning alerts on needs JavaScript in this browser. {mailGoesOn}
          </p>
          <p className="mb-3 text-ink-700">
            On a phone, install the console from this page first: on an iPhone or iPad, Share, then Add to Home Screen
            (Safari sends alerts only to an app on the Home Screen); on Android, Install app in the browser’s menu. Open
            the console from that icon and turn alerts on there. The site’s own app, installed from a public page, opens
            the home page, not the console.
          </p>
        </>
      )}
      {devices.length > 0 && (
        <>
          <h3 className="mb-2 font-semibold">Devices with alerts on</h3>
          <ul className="grid gap-2">
            {devices.map((device) => (
              <li key={device.id} className="flex flex-wrap items-center gap-2" data-alerts-device={device.tag}>
                <span>{`${device.device}, since ${formatTime(device.createdAt, viewer.zone)}`}</span>
                <PostForm action="/team/account/alerts/remove" csrf={csrf}>
                  <input type="hidden" name="id" value={device.id} />
                  <button className="team-button-quiet" aria-label={`Turn off alerts on ${device.device}`}>
                    Turn off
                  </button>
                </PostForm>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
