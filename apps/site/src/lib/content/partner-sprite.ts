import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Partner } from '@growmail/contracts/content/schemas';

/** Where the sprite of partner logos is served (src/pages/partners/logos.svg.ts). */
export const partnerSpritePath = '/partners/logos.svg';

/** A partner's symbol in the sprite: its logo's file name, `kestrel-pay` for /partners/kestrel-pay.svg. */
export const partnerSymbolId = (partner: Partner) => partner.logo.replace(/^.*\/|\.svg$/g, '');

/** Whether the logo can be drawn from the sprite: SVG logos are; a raster logo is an <img>. */
export const inSprite = (partner: Partner) => partner.logo.endsWith('.svg');

/**
 * Every SVG partner logo as a <symbol> of one SVG document. An <img> of an SVG costs the browser
 * a whole isolated document each (about 15 ms of a budget phone's main thread per logo in the
 * issue 21 traces); one sprite that each logo's <use> points at costs one document for all.
 * Read from public/ at build, so an operator still just replaces a file.
 */
export async function partnerSprite(partners: readonly Partner[]): Promise<string> {
  const symbols = await Promise.all(
    partners.filter(inSprite).map(async (partner) => {
      const svg = await readFile(join(process.cwd(), 'public', partner.logo), 'utf8');
      const viewBox = /<svg\b[^>]*\sviewBox="([^"]+)"/.exec(svg)?.[1];
      if (!viewBox) throw new Error(`${partner.logo} has no viewBox on its <svg>`);
      const inner = svg
        .replace(/^[\s\S]*?<svg\b[^>]*>/, '')
        .replace(/<\/svg>\s*$/, '')
        .replace(/<title>[\s\S]*?<\/title>/, '');
      return `<symbol id="${partnerSymbolId(partner)}" viewBox="${viewBox}">${inner}</symbol>`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}
