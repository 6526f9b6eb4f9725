// Interaction to Next Paint of two shopper actions (issue 25): a filter click on the product list
// and an add to cart on a product page, in Debian's Chromium with the throttling of Lighthouse's
// mobile preset applied for real (DevTools throttling, not simulated): 4× CPU slowdown and slow
// 4G, a 412 × 823 phone screen. INP of one interaction is the longest Event Timing entry that
// carries its `interactionId`, read with a PerformanceObserver on 'event' entries
// (durationThreshold 16, as the web-vitals library reads it). An interaction whose entries all
// stayed under 16 ms is not reported by the browser: it is printed as "< 16".
import { type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Lighthouse's mobile preset (core/config/constants.js, mobileSlow4G, DevTools throttling). */
export const MOBILE_THROTTLING = {
  cpuSlowdown: 4,
  /** The request latency DevTools applies: the preset's 150 ms RTT × 3.75. */
  latencyMs: 562.5,
  downloadKbps: 1474.56,
  uploadKbps: 675,
};

const SCREEN = { width: 412, height: 823 };

/** Collected in the page from its first script on; read after the interaction. */
const OBSERVER = `(() => {
  const seen = (window.__inpEntries = []);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.interactionId) seen.push({ id: e.interactionId, name: e.name, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {}
})();`;

export type InpSample = {
  /** The longest entry of the measured interaction in ms, or 0 when none reached 16 ms. */
  inpMs: number;
  /** Which event gave it (pointerdown, pointerup, click, keydown…). */
  event: string;
  load: string;
};

export type Interaction = {
  name: string;
  path: string;
  /** Brings the page to the state just before the measured action (not measured). */
  prepare?: (page: Page) => Promise<void>;
  /** The measured action: one tap. */
  act: (page: Page) => Promise<void>;
};

/** The page's document is hydrated once React has attached itself to `<main>` (e2e/pages.ts). */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () => {
      const doc = (globalThis as unknown as { document: { getElementById(id: string): unknown } })
        .document;
      const main = doc.getElementById('main');
      return !!main && Object.keys(main).some((k) => k.startsWith('__reactFiber$'));
    },
    undefined,
    { timeout: 60_000, polling: 50 },
  );
}

async function throttled(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_THROTTLING.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE_THROTTLING.latencyMs,
    downloadThroughput: (MOBILE_THROTTLING.downloadKbps * 1024) / 8,
    uploadThroughput: (MOBILE_THROTTLING.uploadKbps * 1024) / 8,
  });
}

/**
 * One measured interaction in a fresh context (no cache, no cookies but the consent choice, so
 * the banner does not take the tap): the page loaded throttled, hydrated, left 1 s to settle,
 * prepared, then the action and 3 s for its paint and its requests.
 */
export async function measureInteraction(
  browser: Browser,
  origin: string,
  interaction: Interaction,
  load: () => string,
): Promise<InpSample> {
  const context = await browser.newContext({
    viewport: SCREEN,
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  try {
    await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: origin }]);
    await context.addInitScript(OBSERVER);
    const page = await context.newPage();
    await throttled(context, page);
    await page.goto(`${origin}${interaction.path}`, { waitUntil: 'load', timeout: 120_000 });
    await hydrated(page);
    await page.waitForTimeout(1000);
    if (interaction.prepare) {
      await interaction.prepare(page);
      await page.waitForTimeout(1000);
    }
    const before = load();
    const known = await page.evaluate(
      () => (globalThis as unknown as { __inpEntries: { id: number }[] }).__inpEntries.length,
    );
    await interaction.act(page);
    await page.waitForTimeout(3000);
    const entries = await page.evaluate(
      (from) =>
        (
          globalThis as unknown as {
            __inpEntries: { id: number; name: string; duration: number }[];
          }
        ).__inpEntries.slice(from),
      known,
    );
    const longest = entries.reduce<{ duration: number; name: string } | undefined>(
      (best, e) => (!best || e.duration > best.duration ? e : best),
      undefined,
    );
    return {
      inpMs: longest?.duration ?? 0,
      event: longest?.name ?? '-',
      load: `${before}→${load()}`,
    };
  } finally {
    await context.close();
  }
}

/** The two interactions issue 25 names, for the shop's first product. */
export function issue25Interactions(productPath: string): Interaction[] {
  return [
    {
      name: 'filter click (product list)',
      path: '/en/products/',
      // On a phone the filters are behind a button: the sheet is opened first, not measured.
      prepare: async (page) => {
        await page.getByRole('button', { name: 'Filters', exact: true }).tap();
        await page.getByRole('dialog', { name: 'Filters' }).waitFor();
      },
      act: async (page) => {
        await page.getByRole('dialog', { name: 'Filters' }).getByRole('checkbox').first().tap();
      },
    },
    {
      name: 'add to cart (product page)',
      path: `/en${productPath}`,
      act: async (page) => {
        await page.getByRole('button', { name: 'Add to cart' }).first().tap();
      },
    },
  ];
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
