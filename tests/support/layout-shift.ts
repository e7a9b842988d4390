import type { Page } from 'playwright-core';

/** One layout shift: its score, and the elements that moved, so a failure says where to look. */
export type LayoutShift = { value: number; moved: string[] };

/**
 * Records every layout shift on this page from its first paint, on every load from now on (so a
 * page painted before its footer is parsed counts). Call before `goto`; read with layoutShifts.
 */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    type Entry = { value: number; sources?: { node?: Node | null }[] };
    const shifts: LayoutShift[] = [];
    Object.assign(window, { growmailLayoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Entry[]) {
        const moved = (entry.sources ?? []).map((source) => {
          const node = source.node as Element | null | undefined;
          return node ? `${node.nodeName.toLowerCase()}#${node.id}.${String(node.className).slice(0, 40)}` : 'unknown';
        });
        shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recorded on the page's current load. */
export const layoutShifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { growmailLayoutShifts: LayoutShift[] }).growmailLayoutShifts);

export const describeShifts = (shifts: LayoutShift[]) =>
  shifts.map((shift) => `${shift.value.toFixed(4)} (${shift.moved.join(', ')})`);

export const totalShift = (shifts: LayoutShift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);

/**
 * A page's total layout shift may not reach this. The issue asks for none, and every page
 * records none on a quiet machine (every-page.test.ts prints them). The ceiling sits a little
 * above zero because a busy machine's parser can still stop inside the main content and paint a
 * part of it, which is not a fault of the page; a half-painted header, the last thing that moved
 * (0.0069), is held back now and tested in layout-shift.test.ts. A real fault, such as a short
 * page's footer jumping up once it is parsed, scores 0.25.
 */
export const shiftCeiling = 0.005;
