import localFont from 'next/font/local';

/**
 * Plus Jakarta Sans, the brand face (D1): one variable file covering every weight, self-hosted
 * from @fontsource-variable so nothing is fetched from a font service. next/font preloads it
 * and sizes a fallback to the same metrics, so swapping in the font does not shift the layout.
 */
export const brandFont = localFont({
  src: '../../../node_modules/@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2',
  weight: '200 800',
  style: 'normal',
  display: 'swap',
  variable: '--font-brand',
  adjustFontFallback: 'Arial',
});
