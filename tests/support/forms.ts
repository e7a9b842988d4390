import type { Locator, Page, Route } from 'playwright-core';

/** Holds matching requests until `release()`, so a test can see the submitting state. */
export async function holdRequests(page: Page, pattern: string | RegExp) {
  const held: Route[] = [];
  let open = false;
  await page.route(pattern, async (route) => {
    if (open) return route.continue();
    held.push(route);
  });
  return {
    release: async () => {
      open = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
      await page.unroute(pattern);
    },
  };
}

/** Makes matching requests fail as a dropped connection would. */
export const failRequests = (page: Page, pattern: string | RegExp) =>
  page.route(pattern, (route) => route.abort('connectionfailed'));

/** The element that has focus, described by its accessible name or id. */
export const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return '';
    const labelled = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    return (labelled ?? element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s*\*$/, '').trim();
  });

/** The element's text colour as sRGB channels (Tailwind's palette is oklch, which browsers report in lab()). */
export const textColour = (locator: Locator) =>
  locator.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
    return { red: red!, green: green!, blue: blue! };
  });

/** Reads as green: green clearly leads. */
export const isGreen = ({ red, green, blue }: { red: number; green: number; blue: number }) =>
  green > red + 30 && green > blue;
/** Reads as red: red clearly leads. */
export const isRed = ({ red, green, blue }: { red: number; green: number; blue: number }) =>
  red > green + 60 && red > blue + 60;

/** Fills the demo form's contact fields (first and last name, company, email, phone) as one prospect. */
export async function fillDemoContact(form: Locator, email: string) {
  await form.getByLabel('First name').fill('Kofi');
  await form.getByLabel('Last name').fill('Mensah');
  await form.getByLabel('Company name').fill('Adinkra Ltd');
  await form.getByLabel('Company email').fill(email);
  await form.getByLabel('Phone number').fill('+233 24 123 4567');
}
