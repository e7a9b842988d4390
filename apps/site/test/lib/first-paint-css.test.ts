import { describe, expect, it } from 'vitest';
import { FirstPaint, shapeOf, stylesheetSlot } from '../../src/lib/first-paint-css';

const stylesheet = '.card{padding:1rem}.problem{color:#900}.unused{margin:0}';
const page = (text: string, value: string, problem = false) =>
  `<!doctype html><html><head><link rel="stylesheet" href="/_astro/site.abc.css"></head><body>` +
  `<main><p class="card">${text}</p><input name="email" value="${value}">` +
  (problem ? `<p class="problem">Enter an address</p>` : '') +
  // The empty <noscript> layouts/Document.astro leaves for the stylesheet's link.
  `</main>${stylesheetSlot}</body></html>`;

describe('the first paint’s CSS for pages rendered on demand (D43)', () => {
  it('gives pages told apart only by their text and values one shape, and another to other elements', () => {
    expect(shapeOf(page('Thank you, Ada', 'ada@acme.example'))).toBe(shapeOf(page('Merci, Awa', 'awa@dakar.example')));
    expect(shapeOf(page('Thank you', 'x'))).not.toBe(shapeOf(page('Thank you', 'x', true)));
  });

  it('asks Beasties once per shape, and each page keeps its own text with the rules its elements need', async () => {
    let reads = 0;
    const firstPaint = new FirstPaint(() => {
      reads += 1;
      return stylesheet;
    });
    const ada = await firstPaint.inline(page('Thank you, Ada', 'ada@acme.example'));
    const awa = await firstPaint.inline(page('Merci, Awa', 'awa@dakar.example'));
    expect(reads).toBe(1);
    expect(ada).toContain('<style>.card{padding:1rem}</style>');
    expect(awa).toContain('<style>.card{padding:1rem}</style>');
    expect(awa).toContain('Merci, Awa');
    // At the end of <body>, in the <noscript> the page's script reads after its first paint.
    expect(awa).toMatch(
      /<\/main><noscript data-after-paint=""><link rel="stylesheet" href="\/_astro\/site.abc.css"><\/noscript><\/body>/,
    );
    const withProblem = await firstPaint.inline(page('Thank you', 'x', true));
    expect(reads).toBe(2);
    expect(withProblem).toMatch(/<style>[^<]*\.problem\{color:#900\}[^<]*<\/style>/);
    expect(withProblem).not.toContain('.unused');
  });

  it('moves Astro’s island runtime from before the first screen to after the stylesheet’s slot, and no other script', async () => {
    const directive = '<script>(()=>{(self.Astro||(self.Astro={})).interaction=()=>{};})();</script>';
    const island =
      '<script>(()=>{customElements.get("astro-island")||customElements.define("astro-island",f)})();</script>';
    const own = '<script>document.documentElement.dataset.js="";</script>';
    const withIslands = page('Thank you', 'x').replace(
      '<main>',
      `<main>${directive}${island}${own}<astro-island ssr><button>Search</button></astro-island>`,
    );
    const inlined = await new FirstPaint(() => stylesheet).inline(withIslands);
    expect(inlined).toContain(`<main>${own}<astro-island ssr><button>Search</button></astro-island>`);
    expect(inlined).toMatch(
      /<noscript data-after-paint=""><link rel="stylesheet" href="\/_astro\/site.abc.css"><\/noscript><script>\(\(\)=>\{\(self\.Astro/,
    );
    expect(inlined.endsWith(`</noscript>${directive}${island}</body></html>`)).toBe(true);
  });

  it('leaves the link plain, last in <body>, on a page whose layout has no slot and so no script to add it', async () => {
    const firstPaint = new FirstPaint(() => stylesheet);
    const bare = await firstPaint.inline(page('Thank you', 'x').replace(stylesheetSlot, ''));
    expect(bare).toMatch(/<\/main><link rel="stylesheet" href="\/_astro\/site.abc.css"><\/body>/);
    expect(bare).not.toContain('<noscript');
  });
});
