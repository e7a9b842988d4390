import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createFontStack, type FontMetrics } from '@capsizecss/core';
import brand from '@capsizecss/metrics/plusJakartaSans';
import arial from '@capsizecss/metrics/arial';
import helvetica from '@capsizecss/metrics/helvetica';
import segoeUI from '@capsizecss/metrics/segoeUI';
import roboto from '@capsizecss/metrics/roboto';
import notoSans from '@capsizecss/metrics/notoSans';

/**
 * The faces our visitors' devices have (D43), each under every name `local()` may know it by
 * (full name, PostScript name), in its regular and its bold: a bold synthesized from the regular
 * keeps the regular's widths, narrower than the brand face's bold. Liberation Sans and Arimo are
 * drawn to Arial's metrics, so Linux and ChromeOS get Arial's sizes. The first face a device has
 * draws the text; the others fail to load and are skipped.
 */
const faces: { name: string; metrics: FontMetrics; regular: string[]; bold: string[] }[] = [
  {
    name: 'Arial',
    metrics: arial,
    regular: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'],
    bold: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold', 'Arimo Bold', 'Arimo-Bold'],
  },
  {
    name: 'Helvetica',
    metrics: helvetica,
    regular: ['Helvetica', 'Helvetica Neue', 'HelveticaNeue'],
    bold: ['Helvetica Bold', 'Helvetica-Bold', 'Helvetica Neue Bold', 'HelveticaNeue-Bold'],
  },
  { name: 'Segoe UI', metrics: segoeUI, regular: ['Segoe UI', 'SegoeUI'], bold: ['Segoe UI Bold', 'SegoeUI-Bold'] },
  {
    name: 'Roboto',
    metrics: roboto,
    regular: ['Roboto', 'Roboto Regular', 'Roboto-Regular'],
    bold: ['Roboto Bold', 'Roboto-Bold'],
  },
  {
    name: 'Noto',
    metrics: notoSans,
    regular: ['Noto Sans', 'Noto Sans Regular', 'NotoSans-Regular'],
    bold: ['Noto Sans Bold', 'NotoSans-Bold'],
  },
];

/** Weights drawn by each face: font-semibold and bolder take the bold. */
const weights = { regular: '400 500', bold: '600 800' } as const;

const family = (name: string) => `brandFont ${name}`;

/**
 * The generated module: one `@font-face` per face, sized and placed by Capsize's overrides so
 * that its text takes the brand face's width and line boxes (D43).
 */
export function fallbackFacesModule(): string {
  const rules = faces.flatMap(({ name, metrics, ...sources }) => {
    const {
      fontFaces: [face],
    } = createFontStack([brand, metrics], { fontFaceFormat: 'styleObject' });
    const overrides = face!['@font-face'];
    const metricsRule =
      `ascent-override:${overrides.ascentOverride};descent-override:${overrides.descentOverride};` +
      `line-gap-override:${overrides.lineGapOverride ?? '0%'};size-adjust:${overrides.sizeAdjust}`;
    return (['regular', 'bold'] as const).map((weight) => {
      const src = sources[weight].map((source) => `local("${source}")`).join(',');
      return `@font-face{font-family:"${family(name)}";src:${src};font-weight:${weights[weight]};${metricsRule}}`;
    });
  });
  return [
    `// Written by scripts/fallback-faces.ts (npm run fallback-faces -w @growmail/site) from @capsizecss/metrics; do not edit.`,
    ``,
    `/** The brand face's metric-matched fallbacks (D43), one \`@font-face\` for each face a visitor's device may have. */`,
    `export const fallbackFaces =`,
    `  '${rules.join('')}';`,
    ``,
    `/** Their families, in the order the font stack tries them. */`,
    `export const fallbackFamilies =`,
    `  '${faces.map(({ name }) => `"${family(name)}"`).join(',')}';`,
    ``,
  ].join('\n');
}

/** Where the module is written; the site imports it, so the build needs no metrics package. */
export const fallbackFacesPath = join(import.meta.dirname, '..', 'src', 'lib', 'fallback-faces.ts');

if (import.meta.main) await writeFile(fallbackFacesPath, fallbackFacesModule());
