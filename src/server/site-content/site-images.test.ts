/**
 * Sponsor logos and news pictures: judged by their content, not their name or content type; too many pixels
 * refused before decoding; scaled down, re-encoded as WebP without metadata, and served for a year.
 */
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { buildTestApp } from "../test-support/app.ts";
import { campAdminToken, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase } from "../test-support/database.ts";

/** CRC-32 of a PNG chunk (type and data). */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims `width` × `height` pixels with almost no pixel data: what a decompression bomb looks like up front. */
function claimedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(16))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("site pictures", () => {
  let database: Database;
  let app: TestApp;
  let token: string;
  const upload = (kind: string, body: Buffer, type = "image/jpeg") =>
    app.inject({ method: "POST", url: `/api/NettstedAdmin/Image/${kind}/${token}`, headers: { "content-type": type }, payload: body });

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    app = await buildTestApp(database);
    token = await campAdminToken(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("scales a photo down, re-encodes it as WebP without its metadata, and serves it for a year", async () => {
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#c20f45" } })
      .jpeg()
      .withExif({ IFD0: { Artist: "Ola Nordmann", ImageDescription: "hemmelig" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload("nyhet", photo, "application/octet-stream");
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<{ id: string; width: number; height: number }>();
    expect(image).toMatchObject({ width: 1200, height: 800 });

    const served = await app.inject({ url: `/bilder/nettsted/${image.id}.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: "webp", width: 1200, height: 800 });
    expect(stored.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from("Ola Nordmann"))).toBe(false);
  });

  it("fits a logo in its box and keeps a small picture as small as it is", async () => {
    const wide = await sharp({ create: { width: 1000, height: 200, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    expect((await upload("logo", wide, "image/png")).json()).toMatchObject({ width: 480, height: 96 });
    const small = await sharp({ create: { width: 100, height: 60, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect((await upload("logo", small, "image/png")).json()).toMatchObject({ width: 100, height: 60 });
  });

  it("refuses what is not a JPEG, PNG or WebP whatever its content type, and too many pixels before decoding", async () => {
    const notImage = await upload("logo", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"), "image/png");
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error).toBe("Filen er ikke et bilde vi kan bruke. Last opp et JPEG-, PNG- eller WebP-bilde.");
    const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    expect((await upload("logo", gif, "image/jpeg")).statusCode).toBe(400);
    const bomb = await upload("nyhet", claimedPng(20_000, 20_000), "image/png");
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().error).toMatch(/for mange piksler/);
    expect((await upload("nyhet", Buffer.alloc(0))).statusCode).toBe(400);
    expect((await upload("plakat", gif)).statusCode).toBe(404);
    expect((await app.inject({ url: "/bilder/nettsted/0123456789abcdef0123456789abcdef.webp" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/bilder/nettsted/..%2f..%2fetc.webp" })).statusCode).toBe(404);
  });

  it("refuses a file larger than the limit with 413", async () => {
    expect((await upload("nyhet", Buffer.alloc(9 * 1024 * 1024, 1))).statusCode).toBe(413);
  });
});
