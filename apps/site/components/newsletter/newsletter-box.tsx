import { runtime } from '@/lib/runtime';
import { NewsletterForm } from './newsletter-form';

/** The footer's subscribe box, with the service base and the site's public key chosen at server start (D21). */
export function NewsletterBox() {
  return <NewsletterForm usersUrl={runtime.urls.users} apiKey={runtime.siteApiKey} />;
}
