/**
 * Turns the prerendered information pages into plain static pages: the React runtime's scripts and
 * module preloads are removed (our own inline scripts, marked data-keep, stay), and the stylesheets are
 * inlined so the first paint needs no second request. See docs/decisions/0002-static-pages-without-runtime.md.
 * The SPA fallback (forms, admin) is left as it is: those pages render with React.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "node-html-parser";

export async function makeStaticPages(clientDir: string): Promise<number> {
  const styles = new Map<string, string>();
  const stylesheet = async (href: string) => {
    if (!styles.has(href)) styles.set(href, await readFile(path.join(clientDir, href), "utf8"));
    return styles.get(href)!;
  };

  let count = 0;
  for (const entry of await readdir(clientDir, { recursive: true })) {
    if (path.basename(entry) !== "index.html") continue;
    const file = path.join(clientDir, entry);
    const document = parse(await readFile(file, "utf8"), { comment: false });

    for (const script of document.querySelectorAll("script")) {
      if (!script.hasAttribute("data-keep")) script.remove();
      else script.removeAttribute("data-keep");
    }
    for (const preload of document.querySelectorAll('link[rel="modulepreload"]')) preload.remove();
    for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
      const href = link.getAttribute("href");
      if (!href?.startsWith("/")) continue;
      link.replaceWith(`<style>${(await stylesheet(href)).replaceAll("</", "<\\/")}</style>`);
    }
    await writeFile(file, document.toString());
    count++;
  }
  return count;
}
