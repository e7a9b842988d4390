import { openApiSource } from '@/lib/docs/openapi';

/** The OpenAPI document the reference is generated from, to download. */
export const GET = () =>
  new Response(openApiSource, { headers: { 'content-type': 'application/yaml; charset=utf-8' } });
