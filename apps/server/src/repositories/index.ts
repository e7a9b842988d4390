import contacts from './contacts.ts';
import leads from './leads.ts';
import memberships from './memberships.ts';
import push from './push.ts';

/** The repositories the app decorates itself with: each table's queries, in one place. */
export const repositories = [contacts, memberships, leads, push];
