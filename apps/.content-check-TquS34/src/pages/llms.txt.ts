import { llmsText } from '@/lib/docs/markdown';
import { runtime } from '@/lib/runtime';

/** llms.txt: the developer docs for language models, linking a markdown copy of each page. */
export const GET = () =>
  new Response(llmsText(runtime.urls.public), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
