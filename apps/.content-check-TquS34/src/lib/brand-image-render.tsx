import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import satori from 'satori';
import { ogImageSize } from './brand-images';
import { siteConfig } from './site-config';

/**
 * Draws the brand images at build time: satori lays the React tree out as SVG, resvg
 * rasterises it to PNG. Runs only in the endpoints prerendered by the build (src/pages/og, src/pages/icons); nothing here reaches a browser.
 */

const colours = { brand: '#0a6e4f', brandDark: '#0a4736', mint: '#d1fae9', accent: '#fcd34d', ink: '#0f1729' };

/** The mark of components/layout/brand-logo.tsx as an SVG data URL (satori draws <img>). */
export function brandMarkDataUrl(): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${colours.brand}"/><path d="M7 11.5h18v11H7z" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/><path d="M7 11.5l9 6.5 9-6.5" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/><path d="M20 8.5l3.5-2.5 2.5 3" fill="none" stroke="${colours.accent}" stroke-width="2" stroke-linecap="round"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The static Plus Jakarta Sans files (satori reads WOFF, not the WOFF2 the pages use). */
async function brandFontFile(weight: 400 | 800): Promise<ArrayBuffer> {
  const file = join(
    'node_modules',
    '@fontsource',
    'plus-jakarta-sans',
    'files',
    `plus-jakarta-sans-latin-${weight}-normal.woff`,
  );
  // The workspace hoists packages to the repository root; walk up to find it.
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    if (existsSync(join(dir, file))) {
      const bytes = await readFile(join(dir, file));
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    }
    if (dirname(dir) === dir) throw new Error(`Brand font not found: ${file}. Run npm ci.`);
  }
}

async function fonts() {
  return [
    { name: 'Plus Jakarta Sans', data: await brandFontFile(400), weight: 400 as const, style: 'normal' as const },
    { name: 'Plus Jakarta Sans', data: await brandFontFile(800), weight: 800 as const, style: 'normal' as const },
  ];
}

/** The whole image: a flex box that fills it. */
function Canvas({ style, children }: { style: CSSProperties; children: ReactNode }) {
  return <div style={{ width: '100%', height: '100%', display: 'flex', ...style }}>{children}</div>;
}

/** The brand mark, `size` pixels square. */
function BrandMark({ size }: { size: number }) {
  return <img src={brandMarkDataUrl()} width={size} height={size} alt="" />;
}

type Size = { width: number; height: number };
type Font = Awaited<ReturnType<typeof fonts>>[number];

/** The tree drawn at a size, as a PNG response. */
async function png(tree: ReactElement, size: Size, imageFonts: Font[] = []): Promise<Response> {
  const svg = await satori(tree, { ...size, fonts: imageFonts });
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: size.width } }).render().asPng();
  return new Response(new Uint8Array(image), { headers: { 'content-type': 'image/png' } });
}

/** A page's social card, 1200×630. */
export async function ogCardImage(card: { eyebrow: string; title: string }): Promise<Response> {
  return png(
    <Canvas
      style={{
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 72,
        background: `linear-gradient(135deg, ${colours.brandDark} 0%, ${colours.brand} 100%)`,
        color: 'white',
        fontFamily: 'Plus Jakarta Sans',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <BrandMark size={72} />
        <span style={{ fontSize: 44, fontWeight: 800 }}>{siteConfig.name}</span>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 20 }}>
        <span style={{ fontSize: 30, color: colours.accent, fontWeight: 800 }}>{card.eyebrow}</span>
        <span style={{ fontSize: 64, fontWeight: 800, lineHeight: 1.1, maxWidth: 1000 }}>{card.title}</span>
      </div>
      <div style={{ display: 'flex', fontSize: 26, color: colours.mint }}>
        Email campaigns · Automation · Transactional email · Analytics · SMS · Web push
      </div>
    </Canvas>,
    ogImageSize,
    await fonts(),
  );
}

/** A square app icon; `maskable` keeps the mark inside the safe zone on a full-bleed colour. */
export function appIconImage(size: number, maskable: boolean): Promise<Response> {
  const mark = maskable ? Math.round(size * 0.6) : size;
  return png(
    <Canvas
      style={{ alignItems: 'center', justifyContent: 'center', background: maskable ? colours.brand : 'transparent' }}
    >
      <BrandMark size={mark} />
    </Canvas>,
    { width: size, height: size },
  );
}
