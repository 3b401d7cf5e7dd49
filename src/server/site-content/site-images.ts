import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { SiteImage } from "../../shared/site/site-content.ts";
import type { Db } from "../db/database.ts";
import { siteImages } from "../db/schema/site-content.ts";
import { HttpError } from "../errors.ts";

/** The largest upload the server reads (a phone's photo fits; a 30 MB raw file does not). */
export const maxImageBytes = 8 * 1024 * 1024;
/** Decoding more pixels than this could exhaust the memory (a "decompression bomb"): refused unread. */
export const maxImagePixels = 40_000_000;

export const imageKinds = {
  /** A sponsor's logo on its card: small, letterboxed. */
  logo: { width: 480, height: 240 },
  /** A news post's picture. */
  nyhet: { width: 1200, height: 900 },
} as const;
export type ImageKind = keyof typeof imageKinds;

export const imageMessages = {
  empty: "Velg et bilde å laste opp.",
  tooLarge: `Bildet er for stort. Det kan være høyst ${maxImageBytes / 1024 / 1024} MB.`,
  notAnImage: "Filen er ikke et bilde vi kan bruke. Last opp et JPEG-, PNG- eller WebP-bilde.",
  tooManyPixels: `Bildet har for mange piksler (høyst ${maxImagePixels / 1_000_000} millioner).`,
  tooSmall: "Bildet er for lite. Det må være minst 32 × 32 piksler.",
  unknownKind: "Ukjent bildetype. Velg logo eller nyhet.",
} as const;

/** Judged by the file's content, never by its name or the browser's content type. */
const acceptedFormats = new Set(["jpeg", "png", "webp"]);

/**
 * Checks an uploaded picture by its content, size and pixel count, then turns it upright, scales it down to
 * fit the kind's box and re-encodes it as WebP. sharp writes no metadata unless asked (no EXIF, GPS or
 * camera data leaves the club's server), and re-encoding drops anything hidden in the original file.
 */
export async function prepareImage(input: Buffer, kind: ImageKind): Promise<{ body: Buffer; width: number; height: number }> {
  if (input.length === 0) throw new HttpError(400, imageMessages.empty);
  if (input.length > maxImageBytes) throw new HttpError(413, imageMessages.tooLarge);
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, imageMessages.notAnImage);
  }
  if (!metadata.format || !acceptedFormats.has(metadata.format) || !metadata.width || !metadata.height)
    throw new HttpError(400, imageMessages.notAnImage);
  if (metadata.width * metadata.height * Math.max(1, metadata.pages ?? 1) > maxImagePixels) throw new HttpError(400, imageMessages.tooManyPixels);
  if (metadata.width < 32 || metadata.height < 32) throw new HttpError(400, imageMessages.tooSmall);
  const box = imageKinds[kind];
  try {
    const { data, info } = await sharp(input, { limitInputPixels: maxImagePixels, failOn: "error", pages: 1 })
      .rotate()
      .resize({ width: box.width, height: box.height, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { body: data, width: info.width, height: info.height };
  } catch {
    throw new HttpError(400, imageMessages.notAnImage);
  }
}

/** Stores a prepared picture under a hash of its bytes (the same picture twice is stored once). */
export async function storeImage(db: Db, prepared: { body: Buffer; width: number; height: number }, by: string, now: Date): Promise<SiteImage> {
  const id = createHash("sha256").update(prepared.body).digest("hex").slice(0, 32);
  await db
    .insert(siteImages)
    .values({ id, body: prepared.body, width: prepared.width, height: prepared.height, uploadedAt: now, uploadedBy: by })
    .onConflictDoNothing();
  return { id, width: prepared.width, height: prepared.height };
}

export async function loadImage(db: Db, id: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ body: siteImages.body }).from(siteImages).where(eq(siteImages.id, id));
  return row?.body;
}
