import { openApiSource } from '@/lib/docs/openapi';

export const dynamic = 'force-static';

/** The OpenAPI document the reference is generated from, to download. */
export function GET() {
  return new Response(openApiSource, { headers: { 'content-type': 'application/yaml; charset=utf-8' } });
}
