/**
 * The header the site's own lead forms send: the path of the page the form is on (D42). A post
 * without it came from elsewhere through the public services (D14), and its source is `api`.
 * Alone in its module, so the forms' script takes these names and none of the schemas.
 */
export const pageContextHeader = 'x-growmail-page';

/**
 * The header that carries the first landing the visitor's device kept (issue 40), as the device
 * keeps it under `firstTouchStorageKey`: JSON of its path, `utm_*` query and time. Absent when the
 * page ran no script: without JavaScript the first touch is unknown.
 */
export const firstTouchHeader = 'x-growmail-first-touch';

/**
 * The hidden fields the head script adds to a lead form as script posts it natively (before its
 * island runs, or when the island hands it to the offline worker): the page the form is on and
 * the device's first landing. A post saved on the device keeps them in its body (D39), so a replay
 * keeps its page and first touch. Without JavaScript neither is there.
 */
export const formPageField = 'form_page';
export const firstTouchField = 'first_touch';
