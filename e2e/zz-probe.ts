import { chromium } from 'playwright-core';
const U = 'http://127.0.0.1:3404';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
for (const js of [false, true]) {
  const c = await b.newContext({ javaScriptEnabled: js });
  const p = await c.newPage();
  p.on('pageerror', (e) => console.log('pageerror', e.message));
  const url = U + '/en/api/accounts/login/';
  await p.request.get(url);
  const token = (await c.cookies()).find((x) => x.name === 'csrftoken')?.value ?? '';
  await p.request.post(url, { data: { email: 'staff@example.com', password: 'demo1234' }, headers: { 'X-CSRFToken': token } });
  await p.goto(U + '/en/pages/reviews/?write-review=1#write-review');
  await p.waitForTimeout(3000);
  console.log(js, await p.locator('#write-review').count(), await p.locator('#review-page-form textarea').count(), (await p.locator('#write-review').innerText().catch(() => '')).slice(0, 200));
}
await b.close();
