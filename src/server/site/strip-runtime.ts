/**
 * Turns a server-rendered information page into a plain static page: the React runtime's scripts and
 * module preloads are removed (our own inline scripts, marked data-keep, stay), and the stylesheets are
 * inlined so the first paint needs no second request. See docs/decisions/0002-static-pages-without-runtime.md.
 */
import { parse } from "node-html-parser";

/** `stylesheet(href)` gives the text of one of the build's own stylesheets (an absolute path such as /assets/x.css). */
export async function stripRuntime(html: string, stylesheet: (href: string) => Promise<string>): Promise<string> {
  const document = parse(html, { comment: false });
  for (const script of document.querySelectorAll("script")) {
    if (!script.hasAttribute("data-keep")) script.remove();
    else script.removeAttribute("data-keep");
  }
  for (const preload of document.querySelectorAll('link[rel="modulepreload"]')) preload.remove();
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
    const href = link.getAttribute("href");
    if (!href?.startsWith("/") || href.startsWith("//")) continue;
    link.replaceWith(`<style>${(await stylesheet(href)).replaceAll("</", "<\\/")}</style>`);
  }
  return document.toString();
}
