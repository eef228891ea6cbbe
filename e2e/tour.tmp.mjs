import { chromium } from '@playwright/test';
const BASE = 'http://localhost:3900';
const who = process.argv[2] || 'anon';
const lang = process.argv[3] || 'en';
const phone = process.argv[4] === 'phone';
const paths = process.argv.slice(5);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await browser.newContext({ viewport: phone ? { width: 390, height: 844 } : { width: 1366, height: 900 }, deviceScaleFactor: 1 });
await ctx.addInitScript((l) => { localStorage.setItem('language', l); }, lang);
const page = await ctx.newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
if (who !== 'anon') {
  await page.goto(BASE + '/auth/login');
  await page.locator('input[type=email]').fill(who + '@hafla.test');
  await page.locator('input[type=password]').fill('hafla-demo-2026');
  await page.locator('input[type=password]').press('Enter');
  await page.waitForTimeout(2500);
}
for (const p of paths) {
  await page.goto(BASE + p);
  await page.waitForTimeout(2500);
  const name = `${who}-${lang}-${phone ? 'phone' : 'desk'}${p.replace(/[^a-z0-9]+/gi, '_')}.png`;
  await page.screenshot({ path: '/tmp/tour/' + name, fullPage: !!process.env.FULL });
  console.log(name);
}
await browser.close();
