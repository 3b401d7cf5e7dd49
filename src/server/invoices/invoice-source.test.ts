import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importMessages, maxInvoiceFileBytes } from "./invoice-import.ts";
import { readConfiguredSource, SourceError, type Fetcher } from "./invoice-source.ts";

/**
 * A real HTTP server on 127.0.0.1 stands in for the accounting system. The code only accepts https URLs,
 * so the test's fetcher (the injection point the routes use) sends each https request to it over plain
 * http; everything else — Node's fetch, redirect: "manual", the streamed body — is the real thing.
 */
describe("INVOICE_SOURCE as an https URL", () => {
  let server: Server;
  let origin: string;
  const requested: string[] = [];
  const closedEarly: string[] = [];
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    "/eksport.csv": (_req, res) => res.end("Navn;Epost\n"),
    "/flyttet.csv": (_req, res) => res.writeHead(302, { location: "/eksport.csv?key=ny" }).end(),
    "/annen-vert.csv": (_req, res) => res.writeHead(302, { location: "https://evil.example/stjel.csv" }).end(),
    "/uten-https.csv": (_req, res) => res.writeHead(301, { location: `${origin.replace("https:", "http:")}/eksport.csv` }).end(),
    "/runddans.csv": (_req, res) => res.writeHead(307, { location: "/runddans.csv" }).end(),
    "/forbudt.csv": (_req, res) => res.writeHead(403).end(),
    "/endelos.csv": (req, res) => {
      res.writeHead(200, { "content-type": "text/csv" });
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      const more = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", more);
      };
      res.on("close", () => closedEarly.push(req.url!));
      more();
    },
    "/for-stor.csv": (req, res) => {
      // Announces more than the cap, then sends nothing: only the header can be read.
      res.writeHead(200, { "content-length": String(maxInvoiceFileBytes + 1) });
      res.flushHeaders();
      res.on("close", () => closedEarly.push(req.url!));
    },
    "/henger.csv": (_req, res) => {
      res.writeHead(200, { "content-type": "text/csv" });
      res.write("Navn;Epost\n");
    },
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      requested.push(req.url!);
      (routes[new URL(req.url!, "http://x").pathname] ?? ((_q, r: ServerResponse) => r.writeHead(404).end()))(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const calls: string[] = [];
  const viaHttp: Fetcher = (url, init) => {
    calls.push(url);
    return fetch(url.replace(/^https:/, "http:"), init);
  };
  const read = (path: string, timeoutMs = 10_000) => {
    calls.length = 0;
    return readConfiguredSource(`${origin}${path}`, viaHttp, { timeoutMs, maxRedirects: 3 });
  };

  it("fetches the file", async () => {
    expect(new TextDecoder().decode(await read("/eksport.csv"))).toBe("Navn;Epost\n");
  });

  it("follows a redirect within the same origin", async () => {
    expect(new TextDecoder().decode(await read("/flyttet.csv"))).toBe("Navn;Epost\n");
    expect(calls).toEqual([`${origin}/flyttet.csv`, `${origin}/eksport.csv?key=ny`]);
  });

  it("refuses a redirect to another host without contacting it", async () => {
    await expect(read("/annen-vert.csv")).rejects.toThrow(
      `${origin}/annen-vert.csv sendte videre til en annen adresse (https://evil.example), og den følges ikke.`,
    );
    expect(calls).toEqual([`${origin}/annen-vert.csv`]);
  });

  it("refuses a redirect from https to http on the same host", async () => {
    await expect(read("/uten-https.csv")).rejects.toThrow(/sendte videre til en annen adresse \(http:/);
  });

  it("stops after a few redirects", async () => {
    await expect(read("/runddans.csv")).rejects.toThrow(`${origin}/runddans.csv sendte videre for mange ganger.`);
    expect(calls).toHaveLength(4);
  });

  it("stops reading an endless body at the size cap and hangs up", async () => {
    await expect(read("/endelos.csv")).rejects.toThrow(importMessages.tooLarge);
    await expect.poll(() => closedEarly).toContain("/endelos.csv");
  });

  it("refuses a Content-Length above the cap at once, without waiting for the body", async () => {
    const started = Date.now();
    await expect(read("/for-stor.csv")).rejects.toThrow(importMessages.tooLarge);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect.poll(() => closedEarly).toContain("/for-stor.csv");
  });

  it("gives up on a body that stalls, within the time limit", async () => {
    await expect(read("/henger.csv", 300)).rejects.toThrow(`${origin}/henger.csv svarte ikke innen`);
  });

  it("reports an HTTP error without the query string", async () => {
    const failing = read("/forbudt.csv?key=hemmelig");
    await expect(failing).rejects.toThrow(SourceError);
    await expect(failing).rejects.toThrow(new RegExp(`^${origin.replace(/\./g, "\\.")}/forbudt\\.csv svarte med HTTP 403\\.$`));
  });

  it("reads through a fake fetcher too (the routes' injection point)", async () => {
    const ok = await readConfiguredSource("https://regnskap.example.no/eksport.csv?key=hemmelig", async () => new Response("a;b"));
    expect(new TextDecoder().decode(ok)).toBe("a;b");
  });
});

describe("INVOICE_SOURCE as a file path", () => {
  it("reports a missing file", async () => {
    await expect(readConfiguredSource("/finnes/ikke.csv")).rejects.toThrow("Fant ikke filen /finnes/ikke.csv på serveren.");
  });
});
