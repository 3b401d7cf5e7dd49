import { createHash } from "node:crypto";
import { precompress, type Precompressed } from "../http/precompressed.ts";

export interface HtmlPage extends Precompressed {
  /** A Content-Security-Policy that allows exactly this page's inline scripts and styles, by hash. */
  contentSecurityPolicy: string;
}

const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
const inlineStyle = /<style[^>]*>([\s\S]*?)<\/style>/g;

function inlineHashes(html: string, pattern: RegExp): string {
  const hashes = [...html.matchAll(pattern)]
    .map((match) => match[1] ?? "")
    .filter((body) => body.trim() !== "")
    .map((body) => `'sha256-${sha256(body, "base64")}'`);
  return [...new Set(hashes)].join(" ");
}

function contentSecurityPolicy(html: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineHashes(html, inlineScript)}`.trim(),
    `style-src 'self' ${inlineHashes(html, inlineStyle)}`.trim(),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function sha256(text: string, encoding: "base64" | "hex") {
  return createHash("sha256").update(text).digest(encoding);
}

export async function prepareHtml(html: string): Promise<HtmlPage> {
  return { ...(await precompress(html)), contentSecurityPolicy: contentSecurityPolicy(html) };
}
