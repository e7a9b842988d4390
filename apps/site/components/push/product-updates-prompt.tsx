import { runtime } from '@/lib/runtime';
import { ProductUpdates } from './product-updates';

/** The site's own web push (D19, D20): a soft prompt, never a permission request on load. */
export function ProductUpdatesPrompt() {
  return (
    <ProductUpdates apiKey={runtime.siteApiKey} usersUrl={runtime.urls.users} messagingUrl={runtime.urls.messaging} />
  );
}
