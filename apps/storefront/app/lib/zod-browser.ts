/**
 * zod's object schemas compile a fast parser with `new Function` once zod has checked that the
 * page may evaluate code; that check (`Function('')`) is itself an `eval`, which the page's
 * Content-Security-Policy refuses (`script-src` without 'unsafe-eval'). The refusal costs the
 * shopper nothing but is reported as a CSP violation, and Lighthouse's best-practices audit counts
 * it (96 instead of 100, issue 25). zod makes the check when an object schema is created, so at
 * the import of the contract's modules, before any module of ours could call `z.config`; zod
 * reads its settings from `globalThis.__zod_globalConfig` when it loads, so this inline script,
 * written before the page's module scripts, sets `jitless` there first. In the browser zod then
 * parses without compiling, as it did after the refused check anyway; the server keeps the
 * compiled parsers.
 */
export const ZOD_BROWSER_CONFIG =
  'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});';
