import { mkdtempSync } from "node:fs";
import { readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import QRCode from "qrcode";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { createFolderTransport } from "./mail-transport.ts";
import { inlineQrAsDataUrls, inlineQrCid, inlineQrImages, inlineQrSide, qrPng } from "./inline-qr.ts";

async function decode(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

describe("QR codes inside a mail", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "stk-inline-qr-"));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("attaches a PNG for each cid reference that a scanner reads back as the text", async () => {
    const html = `<p><img src="cid:${inlineQrCid("ABCD1234EFGH5678JKMN9012PQRS")}"></p><p><img src="cid:${inlineQrCid("ABCD1234EFGH5678JKMN9012PQRS")}"></p>`;
    const [image, ...more] = await inlineQrImages(html);
    expect(more).toEqual([]);
    expect(image).toMatchObject({
      contentType: "image/png",
      cid: "qr-ABCD1234EFGH5678JKMN9012PQRS@qr.skitaekwondo.no",
      contentDisposition: "inline",
    });
    expect(await decode(image!.content)).toBe("ABCD1234EFGH5678JKMN9012PQRS");
    // Black and white as one grey channel, only black and white in it.
    const { channels, isOpaque } = await sharp(image!.content).stats();
    expect(channels).toHaveLength(1);
    expect(isOpaque).toBe(true);
    expect([channels[0]!.min, channels[0]!.max]).toEqual([0, 255]);
  });

  it("draws the very pixels qrcode's own PNG renderer draws, one grey byte a pixel", async () => {
    const grey = async (png: Buffer) => sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    for (const text of ["K7M2Q9XP", "A", "ABCD1234EFGH5678JKMN9012PQRS", "0".repeat(64)]) {
      const ours = await grey(qrPng(text));
      const segments = [{ data: text, mode: "alphanumeric" as const }];
      const theirs = await grey(await QRCode.toBuffer(segments, { type: "png", errorCorrectionLevel: "M", margin: 4, scale: 7 }));
      expect([ours.info.width, ours.info.height]).toEqual([theirs.info.width, theirs.info.height]);
      expect(ours.data.equals(theirs.data)).toBe(true);
    }
  });

  it("says the image's own size, so that the HTML shows it pixel for pixel: 231 pixels for a check-in code", async () => {
    for (const text of ["A", "K7M2Q9XP", "ABCD1234EFGH5678JKMN9012PQRS", "Z".repeat(64)]) {
      const { width, height } = await sharp(qrPng(text)).metadata();
      expect([width, height]).toEqual([inlineQrSide(text), inlineQrSide(text)]);
    }
    expect(inlineQrSide("ABCD1234EFGH5678JKMN9012PQRS")).toBe(231);
  });

  it("draws nothing for text outside an image reference, escaped references or other characters", async () => {
    expect(
      await inlineQrImages(`cid:qr-ABC@qr.skitaekwondo.no &quot;cid:qr-ABC@qr.skitaekwondo.no&quot; <img src="cid:qr-abc@qr.skitaekwondo.no">`),
    ).toEqual([]);
    expect(() => inlineQrCid("abc")).toThrow();
  });

  it("sends the image inline in the message (multipart/related) with its Content-ID", async () => {
    const transport = createFolderTransport(dir);
    await transport.send({
      outboxId: 7,
      from: "a@example.no",
      to: "b@example.no",
      subject: "Hei",
      text: "Hei",
      html: `<img src="cid:${inlineQrCid("HELLO")}">`,
    });
    const eml = await readFile(
      path.join(
        dir,
        (await readdir(dir)).find((name) => name.endsWith(".eml"))!,
      ),
      "utf8",
    );
    expect(eml).toMatch(/multipart\/related/);
    expect(eml).toMatch(/Content-Type: image\/png/);
    expect(eml).toContain("Content-ID: <qr-HELLO@qr.skitaekwondo.no>");
  });

  it("shows the image as a data: address where a page shows the stored mail", async () => {
    const html = await inlineQrAsDataUrls(`<img src="cid:${inlineQrCid("HELLO")}" alt="">`);
    const base64 = html.match(/src="data:image\/png;base64,([^"]+)"/)?.[1];
    expect(await decode(Buffer.from(base64!, "base64"))).toBe("HELLO");
  });
});
