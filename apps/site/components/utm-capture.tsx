import { utmStorageKey } from '@growmail/contracts/routes';

/**
 * Saves the landing query string under localStorage `utm` (spec "Screens and routes"). An inline script
 * runs before any bundle loads, so the first 'Get started' link already carries it,
 * and it costs no JavaScript download. The server's CSP allows it by hash.
 */
export function UtmCapture() {
  const code = `try{var q=location.search.slice(1);if(q)localStorage.setItem(${JSON.stringify(utmStorageKey)},q)}catch(e){}`;
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}
