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
 * Fields a lead form's native post may carry beyond its own: the page the form is on, which the
 * site's worker adds to a post it sends or keeps (D39), its own requests naming the worker as
 * their referrer; and the device's first landing, which the page's script adds as the form is
 * sent (first-touch.tsx). A post saved on the device keeps both in its body, so a replay keeps its
 * page and first touch. Without JavaScript neither is there.
 */
export const formPageField = 'form_page';
export const firstTouchField = 'first_touch';
