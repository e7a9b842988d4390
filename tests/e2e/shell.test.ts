import { describe, expect, it } from 'vitest';
import { testAppUrl, useSite, viewports } from '@growmail/test-support/site';

const site = useSite();

const desktop = viewports[1];
const mobile = viewports[0];

describe('the desktop header', () => {
  it('navigates to pricing and the calculator, and links out to the blog, demo and sign-up', async () => {
    const { page, context, problems } = await site.openPage(desktop);
    await page.goto(site.url);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect
      .poll(() => nav.getByRole('link', { name: 'Blog' }).getAttribute('href'))
      .toBe('https://blog.growmail.io');
    await expect
      .poll(() => page.getByRole('banner').getByRole('link', { name: 'Get a demo' }).getAttribute('href'))
      .toBe(`${site.url.replace('127.0.0.1', 'localhost').replace(/:\d+$/, ':3000')}/demo`);
    await expect
      .poll(() => page.getByRole('banner').getByRole('link', { name: 'Get started free' }).getAttribute('href'))
      .toBe(`${testAppUrl}/register?location=header`);

    await nav.getByRole('link', { name: 'Savings calculator' }).click();
    await page.waitForURL(`${site.url}/calculator`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Savings calculator');

    await nav.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(`${site.url}/#pricing`);
    await expect.poll(() => page.locator('#pricing').isVisible()).toBe(true);
    expect(problems.console).toEqual([]);
    await context.close();
  });

  it('opens the Products flyout on hover and closes it when the pointer leaves', async () => {
    const { page, context } = await site.openPage(desktop);
    await page.goto(site.url);
    const trigger = page.getByRole('button', { name: 'Products' });
    const panel = page.locator(`#${await trigger.getAttribute('aria-controls')}`.replace(/:/g, '\\:'));
    await expect.poll(() => panel.isVisible()).toBe(false);

    await trigger.hover();
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
    for (const title of ['Broadcast Messaging', 'Marketing Automation', 'Transactional Emails', 'App Analytics']) {
      await expect.poll(() => panel.getByRole('link', { name: new RegExp(title) }).isVisible()).toBe(true);
    }
    await expect
      .poll(() => panel.getByText('Access up to 70% discount on enterprise-grade growth tools').isVisible())
      .toBe(true);

    await page.mouse.move(700, 800);
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => panel.isVisible()).toBe(false);

    await trigger.hover();
    await panel.getByRole('link', { name: /App Analytics/ }).click();
    await page.waitForURL(`${site.url}/products/analytics`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('App Analytics');
    await context.close();
  });

  it('leaves the flyout shut on keyboard focus, and opens and closes it with Enter and Space', async () => {
    const { page, context } = await site.openPage(desktop);
    await page.goto(site.url);
    const trigger = page.getByRole('button', { name: 'Products' });
    const panel = page.locator(`#${await trigger.getAttribute('aria-controls')}`);
    // Tab from the brand link to the Products button.
    await page.getByRole('banner').getByRole('link', { name: 'Growmail home' }).focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);

    for (const key of ['Enter', 'Space']) {
      await page.keyboard.press(key);
      await expect.poll(() => trigger.getAttribute('aria-expanded'), { message: `${key} opens` }).toBe('true');
      await expect.poll(() => panel.isVisible()).toBe(true);
      await page.keyboard.press(key);
      await expect.poll(() => trigger.getAttribute('aria-expanded'), { message: `${key} again closes` }).toBe('false');
      await expect.poll(() => panel.isVisible()).toBe(false);
    }
    await context.close();
  });

  it('walks into the flyout from the keyboard, closes it on Escape with focus back on Products', async () => {
    const { page, context } = await site.openPage(desktop);
    await page.goto(site.url);
    const trigger = page.getByRole('button', { name: 'Products' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');

    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Broadcast Messaging');

    await page.keyboard.press('Escape');
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    // One Enter opens it again; the promo's Learn More leads to the startup page.
    await page.keyboard.press('Enter');
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('link', { name: 'Learn More' }).click();
    await page.waitForURL(`${site.url}/startup`);
    await context.close();
  });

  it('toggles with one key press while the pointer rests on Products', async () => {
    const { page, context } = await site.openPage(desktop);
    await page.goto(site.url);
    const trigger = page.getByRole('button', { name: 'Products' });
    await trigger.hover();
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('opens and closes the flyout from the keyboard with JavaScript off', async () => {
    const { page, context } = await site.openPage(desktop, { javaScript: false });
    await page.goto(site.url);
    const trigger = page.getByRole('button', { name: 'Products' });
    const panel = page.locator(`#${await trigger.getAttribute('aria-controls')}`);
    await trigger.focus();
    expect(await panel.isVisible()).toBe(false);
    for (const key of ['Enter', 'Space']) {
      await page.keyboard.press(key);
      await expect.poll(() => panel.isVisible(), { message: `${key} opens` }).toBe(true);
      await page.keyboard.press(key);
      await expect.poll(() => panel.isVisible(), { message: `${key} again closes` }).toBe(false);
    }
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('toggles the flyout on click and closes it on a click outside', async () => {
    const { page, context } = await site.openPage(desktop);
    await page.goto(site.url);
    const trigger = page.getByRole('button', { name: 'Products' });
    await trigger.click();
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
    await page.mouse.click(700, 600);
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});

describe('the mobile header', () => {
  it('hides the desktop navigation and toggles a menu whose icon switches', async () => {
    const { page, context, problems } = await site.openPage(mobile);
    await page.goto(site.url);
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect.poll(() => close.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    await expect.poll(() => menu.getByRole('link', { name: 'Blog' }).isVisible()).toBe(true);
    await expect.poll(() => menu.getByRole('link', { name: 'Pricing' }).isVisible()).toBe(true);

    const products = menu.getByRole('button', { name: 'Products' });
    await expect.poll(() => menu.getByRole('link', { name: 'App Analytics' }).isVisible()).toBe(false);
    await products.click();
    await expect.poll(() => products.getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('link', { name: 'Marketing Automation' }).click();
    await page.waitForURL(`${site.url}/products/automations`);
    await expect
      .poll(() => page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'))
      .toBe('false');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(problems.console).toEqual([]);
    await context.close();
  });
});

describe('the breakpoints of spec "Screens and routes"', () => {
  it.each([
    [390, 'mobile'],
    [768, 'tablet'],
    [1280, 'mini desktop'],
    [1440, 'desktop'],
    [1920, 'large desktop'],
  ])('lays out %ipx (%s) without horizontal scrolling', async (width) => {
    const context = await site.browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const path of ['/', '/demo', '/developers/reference/contacts']) {
      await page.goto(`${site.url}${path}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
    }
    const mobileMenu = page.getByRole('button', { name: 'Open menu' });
    await page.goto(site.url);
    expect(await mobileMenu.isVisible()).toBe(width < 768);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(width >= 768);
    await context.close();
  });
});
