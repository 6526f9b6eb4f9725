// `node scripts/screenshots.ts http://127.0.0.1:3000 /en/ /de/pages/coming-soon/ …`: full-page
// PNGs at 360 px and 1280 px into .tmp/screenshots, for looking at the shop as a shopper would.
import { mkdir } from 'node:fs/promises';
import { launchBrowser } from '../e2e/browser.ts';

const [base = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);
const out = '.tmp/screenshots';
await mkdir(out, { recursive: true });
const browser = await launchBrowser();
for (const path of paths.length ? paths : ['/en/']) {
  for (const width of [360, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: width === 360 ? 740 : 800 } });
    await page.goto(base + path, { waitUntil: 'load' });
    const file = `${out}/${path.replace(/[^a-z0-9]+/gi, '_')}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    await page.close();
  }
}
await browser.close();
