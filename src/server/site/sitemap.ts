import { sitePages } from "../../shared/site/site-pages.ts";

export function sitemapXml(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  const urls = sitePages
    .filter((page) => page.static && !page.path.includes("/print/") && page.path !== "/menu")
    .map((page) => `  <url><loc>${base}${page.path}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /vinterleir/deltakere/admin",
    "Disallow: /vinterleir/deltakere/innsjekk",
    "Disallow: /nyttmedlem/sjekk",
    "Disallow: /invoices",
    "Disallow: /nettsted/admin",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
