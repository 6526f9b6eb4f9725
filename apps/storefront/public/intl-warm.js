// The page's first Intl formats, run on this worker's thread (issue 25, decision 0076; started by
// lib/intl-warmup.ts). A browser's first Intl call of a kind builds its list of locales and
// loads their data, tens of milliseconds on a phone; that work is the renderer's, shared by its
// threads, so done here it is not done again on the main thread while the page hydrates.
/* global self */
self.onmessage = function (event) {
  var d = event.data || {};
  try {
    Intl.NumberFormat.supportedLocalesOf(d.lang);
    new Intl.PluralRules(d.lang).select(1);
    new Intl.NumberFormat(d.lang).format(1);
    new Intl.NumberFormat(d.money, { style: 'currency', currency: d.currency }).format(1);
    new Intl.DateTimeFormat(d.lang, { dateStyle: 'long', timeZone: 'UTC' }).format(0);
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- ES5 has no `catch {}`
  } catch (error) {
    // An old browser without some of Intl (or without `catch {}`: this file is plain ES5): the
    // page makes its own formats as before.
  }
  self.close();
};
