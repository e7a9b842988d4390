/**
 * The stand-ins of values chosen when the server starts, not when the site is built (D21).
 * The site's build writes them into its pages; the server swaps in the configured values when
 * it loads the export. Both sides take them from here, so they cannot drift apart.
 */
export const runtimeUrlNames = ['public', 'app', 'guest', 'blog', 'modules', 'users', 'sales', 'messaging'] as const;
export type RuntimeUrlName = (typeof runtimeUrlNames)[number];

/** `https://users.gm-runtime.invalid`: a reserved name, so a stand-in that escaped reaches nothing. */
export const standInOrigin = (name: RuntimeUrlName) => `https://${name}.gm-runtime.invalid`;

export const standIns = {
  siteApiKey: 'gm-runtime-site-api-key',
  audienceId: 'gm-runtime-audience-id',
  /** The digits of `https://wa.me/<digits>` (D34). */
  whatsAppDigits: 'gm-runtime-whatsapp-digits',
} as const;

/**
 * A paragraph that shows only while an optional setting is set (D34) carries this attribute,
 * first, with the setting's name. Unset, the server removes the paragraph whole, so no empty
 * element is left; set, it removes only the attribute.
 */
export const optionalAttribute = 'data-gm-runtime-optional';
export type OptionalName = 'whatsapp';
