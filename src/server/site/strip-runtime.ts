/**
 * Turns a server-rendered information page into a plain static page: the React runtime's scripts and
 * module preloads are removed (our own inline scripts, marked data-keep, stay), and the stylesheets are
 * inlined so the first paint needs no second request. See docs/decisions/0002-static-pages-without-runtime.md.
 * A working page keeps its runtime (it hydrates) and only has its stylesheets inlined (`inlineStylesheets`).
 */
import { parse, type HTMLElement } from "node-html-parser";
import { leavesFirst } from "./chunk-order.ts";

/** The text of one of the build's own files, by its path (/assets/…): stylesheets and chunks. */
type AssetText = (href: string) => Promise<string>;

/** `stylesheet(href)` gives the text of one of the build's own files (an absolute path such as /assets/x.css). */
export async function stripRuntime(html: string, stylesheet: AssetText): Promise<string> {
  const document = parse(html, { comment: false });
  for (const script of document.querySelectorAll("script")) {
    if (!script.hasAttribute("data-keep")) script.remove();
    else script.removeAttribute("data-keep");
  }
  for (const preload of document.querySelectorAll('link[rel="modulepreload"]')) preload.remove();
  await inlineInto(document, stylesheet);
  return document.toString();
}

/**
 * Starts the deferred runtime after the first paint: two animation frames. A page opened in a background tab
 * gets no frames, so there it starts on load; a visible page does not, because load can come before the first
 * frame, and then the page's scripts would be fetched before the visitor sees anything.
 * First it turns off zod's compiled fast path (zod reads `globalThis.__zod_globalConfig` when its schemas
 * are made): that path probes `new Function`, which the page's Content Security Policy forbids, and the
 * browser reports the probe as a violation.
 * Then the page's modules are fetched (fresh module preloads, three per task: a preload also compiles its
 * chunk) and evaluated one chunk per task in the order of the preloads, which the server puts leaves first
 * (`leavesFirst`, chunk-order.ts), with a yield between them that lets input in (a message to itself: nested
 * timers would wait at least 4 ms each): evaluated as one module graph they made one long task
 * (React, zod and its schemas, our code) during which the page could not answer a tap. The router's entry
 * is left out (it hydrates as it is evaluated); last, the module script is put back as a real one: its
 * modules are evaluated by then, so it only starts the entry, which hydrates the page.
 */
export const startRuntime = `
window.__zod_globalConfig = Object.assign(window.__zod_globalConfig || {}, { jitless: true });
(function () {
  var started = false;
  function go() {
    if (started) return;
    started = true;
    var deferred = document.getElementById("deferred-runtime");
    if (!deferred) return;
    var source = deferred.textContent;
    var entryPath = /import\\("([^"]+)"\\)/.exec(source);
    var entry = entryPath ? new URL(entryPath[1], location.href).href : "";
    var chunks = [];
    document.querySelectorAll('link[rel="modulepreload"]').forEach(function (link) {
      if (link.href !== entry) chunks.push(link.href);
    });
    var channel = new MessageChannel();
    var queued = [];
    channel.port1.onmessage = function () { queued.shift()(); };
    function later(task) { queued.push(task); channel.port2.postMessage(null); }
    function preload(from) {
      chunks.slice(from, from + 3).forEach(function (href) {
        var link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        document.head.append(link);
      });
      if (from + 3 < chunks.length) later(function () { preload(from + 3); });
    }
    preload(0);
    function hydrate() {
      var script = document.createElement("script");
      script.type = "module";
      script.textContent = source;
      deferred.after(script);
    }
    function next(index) {
      if (index === chunks.length) return hydrate();
      import(chunks[index]).then(function () { later(function () { next(index + 1); }); }, hydrate);
    }
    next(0);
  }
  requestAnimationFrame(function () { requestAnimationFrame(go); });
  addEventListener("load", function () { if (document.hidden) go(); });
})();
`.replace(/\n\s*/g, "");

/**
 * A working page made to paint from its HTML alone, then hydrate:
 * - its stylesheets are inlined (the <link>s stay for React's hydration, but with media="print" they do not
 *   hold up the first paint);
 * - the module preloads get media="print" too (not fetched) and are put in leaves-first order, and the
 *   router's module script becomes inert
 *   text that a small inline script starts after the first paint (`startRuntime`): the JavaScript is
 *   fetched once the visitor sees the page.
 * Only these tags change, as text: the rest stays byte for byte what React rendered.
 */
export async function deferRuntime(html: string, asset: AssetText): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet" href="(\/[^"/][^"]*)"\s*\/?>/g)];
  const styles = await Promise.all(links.map((link) => asset(link[1]!)));
  let at = 0;
  const inlined =
    links.reduce((out, link, i) => {
      const before = html.slice(at, link.index);
      at = link.index + link[0].length;
      return out + before + `<style>${styles[i]!.replaceAll("</", "<\\/")}</style>` + link[0].replace("<link ", '<link media="print" ');
    }, "") + html.slice(at);
  const preload = /<link rel="modulepreload" href="(\/[^"/][^"]*)"\s*\/?>/g;
  const order = await leavesFirst(
    [...inlined.matchAll(preload)].map((link) => link[1]!),
    asset,
  );
  let next = 0;
  return inlined
    .replace(preload, (link, href: string) => link.replace(href, order[next++] ?? href))
    .replaceAll('<link rel="modulepreload"', '<link media="print" rel="modulepreload"')
    .replace(
      /<script type="module"( async="")?>([\s\S]*?)<\/script>/,
      (_tag, _async, body: string) => `<script type="text/plain" id="deferred-runtime">${body}</script><script>${startRuntime}</script>`,
    );
}

async function inlineInto(document: HTMLElement, stylesheet: AssetText) {
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
    const href = link.getAttribute("href");
    if (!href?.startsWith("/") || href.startsWith("//")) continue;
    link.replaceWith(`<style>${(await stylesheet(href)).replaceAll("</", "<\\/")}</style>`);
  }
}
