import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestSiteApp } from "../test-support/site.ts";

let app: Awaited<ReturnType<typeof buildTestSiteApp>>["app"];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await buildTestSiteApp());
});

afterAll(() => close());

describe("static site", () => {
  it("serves a rendered information page with a hash-based CSP", async () => {
    const res = await app.inject({ url: "/om/oss" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Om oss");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(csp).toMatch(/style-src 'self' 'sha256-[^']+'/);
    expect(csp).not.toContain("unsafe-inline");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("lets information pages be kept and revalidated (the same for everyone)", async () => {
    expect((await app.inject({ url: "/om/oss" })).headers["cache-control"]).toBe("no-cache");
  });

  it("compresses pages for browsers that ask", async () => {
    const res = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, br" } });
    expect(res.headers["content-encoding"]).toBe("br");
  });

  it("answers 304 to a matching ETag", async () => {
    const first = await app.inject({ url: "/" });
    const again = await app.inject({ url: "/", headers: { "if-none-match": String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("redirects bare sections to their first tab", async () => {
    for (const [from, to] of [
      ["/om", "/om/oss"],
      ["/barnepartiet", "/barnepartiet/informasjon"],
      ["/ungdomvoksenpartiet", "/ungdomvoksenpartiet/informasjon"],
      ["/trimrom", "/trimrom/informasjon"],
      ["/teori", "/teori/informasjon"],
    ]) {
      const res = await app.inject({ url: from! });
      expect(res.statusCode, from).toBe(302);
      expect(res.headers.location, from).toBe(to);
    }
  });

  it("drops a trailing slash", async () => {
    for (const [from, to] of [
      ["/om/oss/?a=1", "/om/oss?a=1"],
      ["/om/oss///?a=1&b=//x", "/om/oss?a=1&b=//x"],
      ["/vinterleir/registrering/", "/vinterleir/registrering"],
    ]) {
      const res = await app.inject({ url: from! });
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
  });

  it("strips the React runtime from information pages: our data-keep script stays, stylesheets are inlined", async () => {
    const res = await app.inject({ url: "/om/oss" });
    expect(res.body).not.toContain("__reactRouterContext");
    expect(res.body).not.toContain("modulepreload");
    expect(res.body).not.toContain('<link rel="stylesheet"');
    expect(res.body).not.toContain("data-keep");
    expect(res.body).toContain("<script>window.x=1</script>");
    expect(res.body).toContain("<style>body{margin:0}</style>");
    expect(res.body).toContain("<style>main{padding:0}</style>");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain(`'sha256-${createHash("sha256").update("window.x=1").digest("base64")}'`);
    expect(csp).toContain(`'sha256-${createHash("sha256").update("body{margin:0}").digest("base64")}'`);
  });

  it("renders working pages with the runtime, so they hydrate, and allows their scripts by hash", async () => {
    for (const url of ["/vinterleir/registrering", "/vinterleir/deltakere/admin", "/vipps/123", "/nyttmedlem", "/vinterleir/venteliste/abc"]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`Laster ${url}`);
      expect(res.body, url).toContain("__reactRouterContext");
      expect(res.body, url).toContain("<style>main{padding:0}</style>");
      // Filled in the browser with someone's data, behind an address that may hold a secret: never stored.
      expect(res.headers["cache-control"], url).toBe("no-store");
      const csp = String(res.headers["content-security-policy"]);
      expect(csp, url).toContain(`'sha256-${createHash("sha256").update("window.__reactRouterContext={}").digest("base64")}'`);
    }
  });

  it("serves the camp's PDFs made from the current edition, and the build's other documents as files", async () => {
    const year = (await app.inject({ url: "/api/CampEdition/Current" })).json<{ year: number }>().year;
    for (const url of [
      "/dokumenter/salgsbetingelser.pdf",
      `/dokumenter/vinterleir-${year}-barn.pdf`,
      `/dokumenter/vinterleir-${year}-voksne.pdf`,
      `/dokumenter/vinterleir-${year}-klubber.pdf`,
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toBe("application/pdf");
      expect(res.rawPayload.subarray(0, 5).toString("latin1"), url).toBe("%PDF-");
      const again = await app.inject({ url, headers: { "if-none-match": String(res.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
    }
    expect((await app.inject({ url: "/dokumenter/ski-tkd-pensum.pdf" })).body).toContain("pensum");
    for (const url of [`/dokumenter/vinterleir-${year - 1}-barn.pdf`, "/dokumenter/.env"]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it("answers unknown pages with 404 and the static error screen", async () => {
    for (const url of ["/finnes-ikke", "/404", "/vinterleir/deltakere/noe"]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toContain("text/html");
      expect(res.body, url).toContain("Unexpected Application Error!");
    }
  });

  it("answers unknown API calls with JSON", async () => {
    const res = await app.inject({ url: "/api/Finnes/Ikke" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it("caches hashed assets for a year", async () => {
    const res = await app.inject({ url: "/assets/app-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("publishes robots.txt and a sitemap of the information pages", async () => {
    const robots = await app.inject({ url: "/robots.txt" });
    expect(robots.body).toContain("Sitemap: https://skitaekwondo.no/sitemap.xml");
    const sitemap = await app.inject({ url: "/sitemap.xml" });
    expect(sitemap.body).toContain("<loc>https://skitaekwondo.no/om/oss</loc>");
    expect(sitemap.body).not.toContain("/print/");
  });
});

describe("health", () => {
  it("reports ok", async () => {
    const res = await app.inject({ url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok" });
  });
});
