import { markdownResponse } from '@/lib/docs/routes';

export const dynamic = 'force-static';

export function GET() {
  return markdownResponse('/developers/guides/webpush');
}
