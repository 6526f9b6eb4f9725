/**
 * The page's scripts start after its largest picture is on screen (issue 12, decision 37).
 *
 * React Router writes ~20 `<link rel="modulepreload">` (about 150 KB on a phone) into the head and
 * one inline module script that imports the route modules and hydrates. On a slow network those
 * high-priority downloads share the line with the page's first picture, and the picture arrives
 * later. Here the shell React wrote is changed before it leaves the server:
 *
 * - the module preloads leave the head; their addresses go into a `data-preloads` attribute;
 * - React Router's module script becomes inert (`type="text/x-after-paint"`), and a small inline
 *   script after it (`LOADER`) adds the preloads and runs the same module text once the browser
 *   reports the largest paint of the page with its high-priority pictures loaded — at once when
 *   the shopper touches, clicks, types or tabs, and at the latest 3 s after `load`.
 *
 * The page works without scripts meanwhile (every form and link has a no-JavaScript path), and
 * the islands that act before hydration keep what the shopper did (see filter-panel.tsx).
 * A shell without those parts (another React Router version, a changed markup) is left as it is.
 */

/** The id of the inert element that carries React Router's module script. */
export const DEFERRED_SCRIPT_ID = 'scripts-after-paint';

/** How long after `load` the scripts start when no largest-paint report came (hidden tab, no API). */
export const AFTER_LOAD_FALLBACK_MS = 3000;

/**
 * The loader, run inline at the end of the body. Plain ES2017 written as a string: it must reach
 * the browser exactly as written (no bundler helpers), and it is small. Its steps:
 * `go` adds the preloads and the module script once; `ready` is true when every
 * `img[fetchpriority=high]` has loaded or failed; an LCP report while ready starts the scripts.
 */
export const LOADER = `(function(){
var d=document,w=window,me=d.currentScript,nonce=me&&me.nonce,started=false,observer=null;
var inputs=['pointerdown','keydown','touchstart','focusin'];
function go(){
  if(started)return;started=true;
  if(observer)observer.disconnect();
  inputs.forEach(function(t){w.removeEventListener(t,go,true);});
  var source=d.getElementById('${DEFERRED_SCRIPT_ID}');
  if(!source)return;
  (source.getAttribute('data-preloads')||'').split(' ').forEach(function(href){
    if(!href)return;
    var link=d.createElement('link');link.rel='modulepreload';link.href=href;d.head.appendChild(link);
  });
  var script=d.createElement('script');script.type='module';
  if(nonce)script.nonce=nonce;
  script.textContent=source.textContent;
  d.body.appendChild(script);
}
inputs.forEach(function(t){w.addEventListener(t,go,{capture:true,passive:true});});
function ready(){
  var images=d.querySelectorAll('img[fetchpriority=high]');
  for(var i=0;i<images.length;i++)if(!images[i].complete)return false;
  return true;
}
try{
  if(PerformanceObserver.supportedEntryTypes.indexOf('largest-contentful-paint')>=0){
    observer=new PerformanceObserver(function(){if(ready())setTimeout(go,0);});
    observer.observe({type:'largest-contentful-paint',buffered:true});
  }
}catch(e){observer=null;}
function afterLoad(){setTimeout(go,observer?${AFTER_LOAD_FALLBACK_MS}:0);}
if(d.readyState==='complete')afterLoad();else w.addEventListener('load',afterLoad);
})();`;

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*?\/?>/g;
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">/;

/**
 * The shell with its scripts started after the largest paint, or the shell unchanged when it has
 * no React Router module script (nothing to defer) or its preloads' addresses are not plain.
 */
export function scriptsAfterPaint(shell: string): string {
  const script = MODULE_SCRIPT.exec(shell);
  if (!script) return shell;
  const end = shell.indexOf('</script>', script.index);
  if (end < 0) return shell;
  const preloads: string[] = [];
  for (const match of shell.matchAll(PRELOAD)) preloads.push(match[1] ?? '');
  if (preloads.some((href) => !/^[\w/.~:@%+-]+$/.test(href))) return shell;
  const nonce = script[1] ?? '';
  const closed = end + '</script>'.length;
  const rewritten =
    shell.slice(0, script.index) +
    `<script${nonce} type="text/x-after-paint" id="${DEFERRED_SCRIPT_ID}" data-preloads="${preloads.join(' ')}">` +
    shell.slice(script.index + script[0].length, closed) +
    `<script${nonce}>${LOADER}</script>` +
    shell.slice(closed);
  return rewritten.replace(PRELOAD, '');
}

const PRELOAD_START = '<link rel="modulepreload"';
const MODULE_MARK = ' type="module" async="">';
const WHOLE_PRELOAD = new RegExp(`^${PRELOAD.source}$`);

/** The whole shell as a string, rewritten (the general way, for shapes the bytes way does not know). */
function wholeShell(shell: Buffer): Buffer {
  const whole = shell.toString('utf8');
  const rewritten = scriptsAfterPaint(whole);
  return rewritten === whole ? shell : Buffer.from(rewritten);
}

/**
 * `scriptsAfterPaint` on the bytes of a shell, decoding only the module preloads (React hoists
 * them into the head) and React Router's module script, and cutting those bytes out or replacing
 * them: a list page's shell is about 90 KB, and turning all of it into a string, running the
 * rewrite's patterns over it and encoding it again cost about a millisecond of the page (issue
 * 25). Answers `shell` itself when nothing is rewritten.
 */
export function scriptsAfterPaintBytes(shell: Buffer): Buffer {
  const mark = shell.indexOf(MODULE_MARK);
  if (mark < 0) return shell;
  const scriptAt = shell.lastIndexOf('<script', mark);
  const end = shell.indexOf('</script>', mark);
  if (scriptAt < 0 || end < 0) return shell;
  const to = end + '</script>'.length;
  // Each preload tag: the pattern's match, from its `<link` to the first `>`.
  const preloads: [number, number][] = [];
  for (let at = shell.indexOf(PRELOAD_START); at >= 0; at = shell.indexOf(PRELOAD_START, at + 1)) {
    const close = shell.indexOf('>', at);
    if (close < 0 || at > scriptAt) return wholeShell(shell);
    if (!WHOLE_PRELOAD.test(shell.toString('utf8', at, close + 1))) return wholeShell(shell);
    preloads.push([at, close + 1]);
  }
  const tags = preloads.map(([from, till]) => shell.toString('utf8', from, till)).join('');
  // The cuts are at ASCII characters, so never inside a character of several bytes.
  const script = shell.toString('utf8', scriptAt, to);
  const compact = tags + script;
  const rewritten = scriptsAfterPaint(compact);
  if (rewritten === compact) return shell;
  const parts: Buffer[] = [];
  let from = 0;
  for (const [at, till] of preloads) {
    parts.push(shell.subarray(from, at));
    from = till;
  }
  parts.push(shell.subarray(from, scriptAt), Buffer.from(rewritten), shell.subarray(to));
  return Buffer.concat(parts);
}
