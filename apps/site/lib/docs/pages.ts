/** The docs' pages and the navigation tree (spec "Screens and routes"). Each page's body is an MDX file in content/docs. */
export type DocsPage = { path: string; title: string; description: string; source: string };

export const docsPages = [
  {
    path: '/developers',
    title: 'Growmail developer docs',
    description:
      'Guides and the API reference for building on Growmail: contacts, automations, transactional email and web push.',
    source: 'docs/index.mdx',
  },
  {
    path: '/developers/guides/webpush',
    title: 'Web Push Notifications',
    description:
      'Add Growmail web push to your site: the SDK, the service worker, permission and saving subscriptions.',
    source: 'docs/guides/webpush.mdx',
  },
  {
    path: '/developers/reference/get-started',
    title: 'Get started with the Growmail API',
    description: 'Authenticate with your API key, call the Growmail API and read its answers and status codes.',
    source: 'docs/reference/get-started.mdx',
  },
  {
    path: '/developers/reference/automations',
    title: 'Automations',
    description: 'Send automation events that start or advance journeys for a contact.',
    source: 'docs/reference/automations.mdx',
  },
  {
    path: '/developers/reference/contacts',
    title: 'Contacts',
    description: 'Create and update contacts, identified by email, with their profile fields and your own data.',
    source: 'docs/reference/contacts.mdx',
  },
  {
    path: '/developers/reference/transactionals',
    title: 'Transactional emails',
    description: 'Send one-to-one email from a template, with placeholders and PDF attachments.',
    source: 'docs/reference/transactionals.mdx',
  },
] as const satisfies readonly DocsPage[];

export type DocsPath = (typeof docsPages)[number]['path'];

export type NavGroup = { title: string; path: string; items: { title: string; path: DocsPath }[] };

/** The shorter names some pages go by in the navigation; the others use their title. */
const navTitles: Partial<Record<DocsPath, string>> = { '/developers/reference/get-started': 'Get Started' };

/** A navigation group: the pages under its path, in the order of `docsPages`. */
const navGroup = (title: string, path: string): NavGroup => ({
  title,
  path,
  items: docsPages
    .filter((page) => page.path.startsWith(`${path}/`))
    .map((page) => ({ title: navTitles[page.path] ?? page.title, path: page.path })),
});

export const navigation: NavGroup[] = [
  navGroup('Guides', '/developers/guides'),
  navGroup('API Reference', '/developers/reference'),
];

export function docsPage(path: DocsPath): DocsPage {
  return docsPages.find((page) => page.path === path)!;
}

/** A group is open when the current URL contains its path (spec "Screens and routes"). */
export const isGroupOpen = (group: NavGroup, currentPath: string) =>
  currentPath === group.path || currentPath.startsWith(`${group.path}/`);
