/**
 * Turns a server-rendered information page into a plain static page: the React runtime's scripts and
 * module preloads are removed (our own inline scripts, marked data-keep, stay), and the stylesheets are
 * inlined so the first paint needs no second request. See docs/decisions/0002-static-pages-without-runtime.md.
 * A working page keeps its runtime (it hydrates) and only has its stylesheets inlined (`inlineStylesheets`).
 */
import { parse, type HTMLElement } from "node-html-parser";

type Stylesheet = (href: string) => Promise<string>;

/** `stylesheet(href)` gives the text of one of the build's own stylesheets (an absolute path such as /assets/x.css). */
export async function stripRuntime(html: string, stylesheet: Stylesheet): Promise<string> {
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
 * Starts the deferred runtime after the first paint (two animation frames; on load at the latest): the
 * module script is put back as a real one, which imports the router's modules and hydrates the page.
 * First it turns off zod's compiled fast path (zod reads `globalThis.__zod_globalConfig` when its schemas
 * are made): that path probes `new Function`, which the page's Content Security Policy forbids, and the
 * browser reports the probe as a violation.
 */
export const startRuntime =
  'window.__zod_globalConfig=Object.assign(window.__zod_globalConfig||{},{jitless:true});(function(){var started=false;function go(){if(started)return;started=true;var d=document.getElementById("deferred-runtime");if(!d)return;var s=document.createElement("script");s.type="module";s.textContent=d.textContent;d.after(s)}requestAnimationFrame(function(){requestAnimationFrame(go)});addEventListener("load",go)})()';

/**
 * A working page made to paint from its HTML alone, then hydrate:
 * - its stylesheets are inlined (the <link>s stay for React's hydration, but with media="print" they do not
 *   hold up the first paint);
 * - the module preloads get media="print" too (not fetched), and the router's module script becomes inert
 *   text that a small inline script starts after the first paint (`startRuntime`): the JavaScript is
 *   fetched once the visitor sees the page.
 * Only these tags change, as text: the rest stays byte for byte what React rendered.
 */
export async function deferRuntime(html: string, stylesheet: Stylesheet): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet" href="(\/[^"/][^"]*)"\s*\/?>/g)];
  const styles = await Promise.all(links.map((link) => stylesheet(link[1]!)));
  let at = 0;
  const inlined =
    links.reduce((out, link, i) => {
      const before = html.slice(at, link.index);
      at = link.index + link[0].length;
      return out + before + `<style>${styles[i]!.replaceAll("</", "<\\/")}</style>` + link[0].replace("<link ", '<link media="print" ');
    }, "") + html.slice(at);
  return inlined
    .replaceAll('<link rel="modulepreload"', '<link media="print" rel="modulepreload"')
    .replace(/<script type="module"( async="")?>([\s\S]*?)<\/script>/, (_tag, _async, body: string) =>
      `<script type="text/plain" id="deferred-runtime">${body}</script><script>${startRuntime}</script>`,
    );
}

async function inlineInto(document: HTMLElement, stylesheet: Stylesheet) {
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
    const href = link.getAttribute("href");
    if (!href?.startsWith("/") || href.startsWith("//")) continue;
    link.replaceWith(`<style>${(await stylesheet(href)).replaceAll("</", "<\\/")}</style>`);
  }
}
