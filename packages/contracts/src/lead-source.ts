import * as z from 'zod/mini';
import { isCountedPath, utmParameters, viewSource, type UtmParameter } from './visits.ts';

/**
 * Where a lead came from (D42), kept beside its fields, never in them: the idempotency
 * fingerprint, the sales mail and the CSV's form columns are built from the fields alone.
 */

/**
 * A page of this site, as a form sends it in `pageContextHeader` (`page-context.ts`): a path,
 * never a query, which could hold a token.
 */
export const pageContextSchema = z
  .string()
  .check(
    z.maxLength(300),
    z.regex(/^\/[A-Za-z0-9/_.-]*$/, 'must be the path of the page the form is on, such as /fr/demo'),
    z.refine(isCountedPath, 'must be a public page of the site'),
  );

/** The visit a lead was sent in, as it was when the post arrived. */
export type VisitSource = {
  entry_path: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  /** The kind of ad click id the entry page carried (`gclid`...), never its value. */
  click_id: string | null;
  referrer_host: string | null;
  /** When the visit began. */
  started_at: string;
};

/** The first landing the visitor's device kept (issue 40): its page, its `utm_*` values and when. */
export type FirstTouch = {
  path: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  landed_at: string;
};

export type LeadSource = {
  /** `site`: sent from a page of this site; `api`: posted to the public services from elsewhere. */
  channel: 'site' | 'api';
  /** The path of the page its form was on; null for `api`. */
  form_page: string | null;
  /** Its visit's source and entry page; null for `api`, or when no counted visit matched. */
  visit: VisitSource | null;
  /**
   * The first landing the device kept, sent by the site's script: null for `api`, without
   * JavaScript, or when the device kept none; absent on leads stored before it was kept.
   */
  first_touch?: FirstTouch | null;
};

/** The source of a post from elsewhere (D14): never matched to a visit it did not make. */
export const apiSource: LeadSource = { channel: 'api', form_page: null, visit: null, first_touch: null };

/**
 * A first landing as the device keeps and sends it (`firstTouchStorageKey`): `p`, the path it
 * landed on, never a page a capability link opens; `q`, its `utm_*` pairs as written; `t`, when,
 * in milliseconds.
 */
const deviceTouchSchema = z.object({
  p: z
    .string()
    .check(
      z.maxLength(2048),
      z.regex(/^\/[^\s?#]*$/, 'must be a path'),
      z.refine(isCountedPath, 'must be a public page of the site'),
    ),
  q: z.string().check(z.maxLength(2048)),
  t: z.int().check(z.gte(0), z.lte(8.64e15)),
});

/** The first touch a device sent, or null when it is not one: JSON the site's script wrote (first-touch.tsx). */
export function readFirstTouch(sent: string): FirstTouch | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(sent);
  } catch {
    return null;
  }
  const touch = deviceTouchSchema.safeParse(parsed);
  if (!touch.success) return null;
  // Only its `utm_*` values are read (viewSource), whatever else the pairs hold.
  const { utm } = viewSource(new URL(`/?${touch.data.q}`, 'https://site.invalid'));
  const values = Object.fromEntries(utmParameters.map((name) => [name, utm[name] ?? null]));
  return {
    path: touch.data.p,
    ...(values as Record<UtmParameter, string | null>),
    landed_at: new Date(touch.data.t).toISOString(),
  };
}

/** The device's first landing in `firstTouchHeader`: JSON as the site's script keeps it; anything else is a 400. */
export const firstTouchSchema = z.string().check(
  z.maxLength(4096),
  z.refine(
    (sent) => readFirstTouch(sent) !== null,
    'must be the first landing the site keeps on the device: JSON {"p": path, "q": utm pairs, "t": milliseconds}',
  ),
);

/** A visit's source as the Marketing page names it: its `utm_source`, else its referrer's host, else `direct`. */
export const visitSourceName = (visit: Pick<VisitSource, 'utm_source' | 'referrer_host'>) =>
  visit.utm_source ?? visit.referrer_host ?? 'direct';

/**
 * The parts of a lead's source the console groups and filters by (issue 40): its source's name
 * (`api` for a post from elsewhere; null when its visit is not known), medium, campaign, entry page
 * and the page its form was on.
 */
export const sourceColumns = (source: LeadSource | null) => ({
  source_name: !source ? null : source.channel === 'api' ? 'api' : source.visit ? visitSourceName(source.visit) : null,
  source_medium: source?.visit?.utm_medium ?? null,
  source_campaign: source?.visit?.utm_campaign ?? null,
  entry_path: source?.visit?.entry_path ?? null,
  form_page: source?.form_page ?? null,
});
