import { init, parse } from "es-module-lexer";

/** What a chunk statically imports, by path; hashed asset names never change their content, so kept. */
const importsByChunk = new Map<string, Promise<string[]>>();

async function staticImports(href: string, source: (href: string) => Promise<string>): Promise<string[]> {
  let imports = importsByChunk.get(href);
  if (!imports) {
    imports = (async () => {
      await init;
      const [found] = parse(await source(href));
      // d === -1: a static import (dynamic ones load on demand and are not the page's preloads).
      return found.filter((entry) => entry.d === -1 && entry.n).map((entry) => new URL(entry.n!, `http://chunk${href}`).pathname);
    })();
    importsByChunk.set(href, imports);
  }
  return imports;
}

/**
 * The page's chunks ordered so that each comes after the chunks it imports (the build's own import graph,
 * read from the chunks with es-module-lexer). Evaluated one by one in this order, each import evaluates
 * one chunk: the longest task is the largest single chunk, not the page's whole module graph.
 */
export async function leavesFirst(hrefs: readonly string[], source: (href: string) => Promise<string>): Promise<string[]> {
  const wanted = new Set(hrefs);
  const importsOf = new Map(await Promise.all(hrefs.map(async (href) => [href, await staticImports(href, source)] as const)));
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (href: string) => {
    if (seen.has(href)) return;
    seen.add(href);
    for (const imported of importsOf.get(href) ?? []) if (wanted.has(imported)) visit(imported);
    ordered.push(href);
  };
  hrefs.forEach(visit);
  return ordered;
}
