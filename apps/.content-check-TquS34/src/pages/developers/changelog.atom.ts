import { changelogAtom } from '@/lib/docs/changelog';
import { runtime } from '@/lib/runtime';

/** The changelog's Atom feed, on the configured origin (a stand-in until the server starts). */
export const GET = () =>
  new Response(changelogAtom(runtime.urls.public), {
    headers: { 'content-type': 'application/atom+xml; charset=utf-8' },
  });
