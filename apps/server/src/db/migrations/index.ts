import type { Migration, MigrationProvider } from 'kysely/migration';
import * as leads from './0001-leads.ts';
import * as contacts from './0002-contacts.ts';
import * as leadCapture from './0003-lead-capture.ts';
import * as push from './0004-push.ts';
import * as consent from './0005-consent.ts';
import * as webhooks from './0006-webhooks.ts';
import * as quarantine from './0007-quarantine.ts';
import * as suppressions from './0008-suppressions.ts';
import * as demoBooking from './0009-demo-booking.ts';
import * as demoBookingLimits from './0010-demo-booking-limits.ts';
import * as demoAvailabilityVersion from './0011-demo-availability-version.ts';
import * as addressIndexes from './0012-address-indexes.ts';
import * as language from './0013-language.ts';
import * as mentionSearch from './0014-mention-search.ts';
import * as expiryIndexes from './0015-expiry-indexes.ts';
import * as idempotencyKeys from './0016-idempotency-keys.ts';
import * as mentionAddresses from './0017-mention-addresses.ts';
import * as team from './0018-team.ts';
import * as visits from './0019-visits.ts';
import * as leadSources from './0020-lead-sources.ts';
import * as marketing from './0021-marketing.ts';
import * as visitTotals from './0022-visit-totals.ts';
import * as visitorExpiry from './0023-visitor-expiry.ts';
import * as leadTotals from './0024-lead-totals.ts';
import * as nationalPhones from './0025-national-phones.ts';
import * as leadSearch from './0026-lead-search.ts';
import * as memberPush from './0027-member-push.ts';
import * as demoHostMembers from './0028-demo-host-members.ts';
import * as sourceFilter from './0029-source-filter.ts';
import * as contentDrafts from './0030-content-drafts.ts';
import * as contentPublishes from './0031-content-publishes.ts';
import * as contentVersions from './0032-content-versions.ts';
import * as contentUndo from './0033-content-undo.ts';
import * as contentImages from './0034-content-images.ts';
import * as contentPush from './0036-content-push.ts';

/** Migrations in order. Add a file and list it here; names sort by their number. */
const migrations: Record<string, Migration> = {
  '0001-leads': leads,
  '0002-contacts': contacts,
  '0003-lead-capture': leadCapture,
  '0004-push': push,
  '0005-consent': consent,
  '0006-webhooks': webhooks,
  '0007-quarantine': quarantine,
  '0008-suppressions': suppressions,
  '0009-demo-booking': demoBooking,
  '0010-demo-booking-limits': demoBookingLimits,
  '0011-demo-availability-version': demoAvailabilityVersion,
  '0012-address-indexes': addressIndexes,
  '0013-language': language,
  '0014-mention-search': mentionSearch,
  '0015-expiry-indexes': expiryIndexes,
  '0016-idempotency-keys': idempotencyKeys,
  '0017-mention-addresses': mentionAddresses,
  '0018-team': team,
  '0019-visits': visits,
  '0020-lead-sources': leadSources,
  '0021-marketing': marketing,
  '0022-visit-totals': visitTotals,
  '0023-visitor-expiry': visitorExpiry,
  '0024-lead-totals': leadTotals,
  '0025-national-phones': nationalPhones,
  '0026-lead-search': leadSearch,
  '0027-member-push': memberPush,
  '0028-demo-host-members': demoHostMembers,
  '0029-source-filter': sourceFilter,
  '0030-content-drafts': contentDrafts,
  '0031-content-publishes': contentPublishes,
  '0032-content-versions': contentVersions,
  '0033-content-undo': contentUndo,
  '0034-content-images': contentImages,
  '0036-content-push': contentPush,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
