import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3957';
const [eventId, slot, lang, kind, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const phone = kind === 'phone';
const context = await browser.newContext(
  phone
    ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
    : { viewport: { width: 1280, height: 900 } },
);
const page = await context.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(base + '/auth/login');
await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('attendee@hafla.test');
await page.getByRole('textbox', { name: 'Password', exact: true }).fill('hafla-demo-2026');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(base + '/');
await page.evaluate((l) => localStorage.setItem('language', l), lang);
await page.goto(`${base}/events/${eventId}/book?period=${slot}&step=2`);
const canvas = page.locator('[data-painted="true"]');
await canvas.waitFor({ timeout: 15000 });
await canvas.scrollIntoViewIfNeeded();
const box = (await canvas.boundingBox())!;
console.log('box', box);
const view = JSON.parse((await canvas.getAttribute('data-view'))!);
const at = (x: number, y: number) => ({ x: box.x + x * view.scale + view.offsetX, y: box.y + y * view.scale + view.offsetY });
for (const [x, y] of [[255, 110], [285, 110], [315, 110]]) {
  const p = at(x, y);
  if (phone) await page.touchscreen.tap(p.x, p.y); else await page.mouse.click(p.x, p.y);
}
await page.waitForTimeout(300);
console.log(await page.getByTestId('chosen-seats').textContent().catch(() => 'none'));
await page.screenshot({ path: out.replace('.png', '-view.png') });
await page.screenshot({ path: out, fullPage: true });
await browser.close();
