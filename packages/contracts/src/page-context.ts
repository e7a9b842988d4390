/**
 * The header the site's own lead forms send: the path of the page the form is on (D42). A post
 * without it came from elsewhere through the public services (D14), and its source is `api`.
 * Alone in its module, so the forms' script takes this name and none of the schemas.
 */
export const pageContextHeader = 'x-growmail-page';
