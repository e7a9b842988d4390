import { randomUUID } from 'node:crypto';
import type { Language } from '@growmail/contracts/language';
import type { ClickIdKind, DeviceClass, UtmParameter } from '@growmail/contracts/visits';
import type { OpenVisit, VisitWrites } from '../repositories/visits.ts';

/** One counted view, as it waits in the batch: the visitor is already a hash (D42). */
export type PageView = {
  visitor: string;
  /** The UTC day of the salt the hash was made with, `YYYY-MM-DD`. */
  day: string;
  at: string;
  path: string;
  language: Language;
  utm: Partial<Record<UtmParameter, string>>;
  clickId: ClickIdKind | null;
  referrerHost: string | null;
  device: DeviceClass;
};

/** A visit ends after 30 idle minutes (or with its day, since the hash changes with the salt). */
export const visitIdleMs = 30 * 60 * 1000;

type Span = { id: string; first: number; last: number; created?: VisitWrites['created'][number] };

/**
 * Sorts a batch of one day's views into visits: a view joins the visitor's visit of that day that was seen
 * within 30 minutes of it, or begins a new one with its page, language and source. `open` holds
 * the visitors' visits already stored. Views arrive out of order across servers, so a view may
 * also join a visit that began up to 30 minutes after it.
 */
export function sessionViews(views: readonly PageView[], open: readonly OpenVisit[]): VisitWrites {
  const spans = new Map<string, Span[]>();
  const key = (visitor: string, day: string) => `${day} ${visitor}`;
  const day = views[0]?.day ?? '';
  for (const visit of open) {
    const list = spans.get(key(visit.visitor, day)) ?? [];
    list.push({ id: visit.id, first: Date.parse(visit.first_at), last: Date.parse(visit.last_at) });
    spans.set(key(visit.visitor, day), list);
  }
  const extended = new Map<string, VisitWrites['extended'][number]>();
  const writes: VisitWrites = { created: [], extended: [], views: [] };
  for (const view of [...views].sort((a, b) => a.at.localeCompare(b.at))) {
    const at = Date.parse(view.at);
    const list = spans.get(key(view.visitor, view.day)) ?? [];
    let span = list.find(({ first, last }) => at >= first - visitIdleMs && at <= last + visitIdleMs);
    if (!span) {
      const created = {
        id: randomUUID(),
        day: view.day,
        visitor: view.visitor,
        entry_path: view.path,
        language: view.language,
        utm_source: view.utm.utm_source ?? null,
        utm_medium: view.utm.utm_medium ?? null,
        utm_campaign: view.utm.utm_campaign ?? null,
        utm_content: view.utm.utm_content ?? null,
        utm_term: view.utm.utm_term ?? null,
        click_id: view.clickId,
        referrer_host: view.referrerHost,
        device: view.device,
        views: 1,
        first_at: view.at,
        last_at: view.at,
      };
      writes.created.push(created);
      span = { id: created.id, first: at, last: at, created };
      list.push(span);
      spans.set(key(view.visitor, view.day), list);
    } else {
      span.first = Math.min(span.first, at);
      span.last = Math.max(span.last, at);
      if (span.created) {
        span.created.views = (span.created.views ?? 0) + 1;
        span.created.last_at = new Date(span.last).toISOString();
      } else {
        const known = extended.get(span.id) ?? { id: span.id, views: 0, first_at: view.at, last_at: view.at };
        known.views += 1;
        if (view.at < known.first_at) known.first_at = view.at;
        if (view.at > known.last_at) known.last_at = view.at;
        extended.set(span.id, known);
      }
    }
    writes.views.push({ visit_id: span.id, path: view.path, viewed_at: view.at });
  }
  writes.extended = [...extended.values()];
  return writes;
}
