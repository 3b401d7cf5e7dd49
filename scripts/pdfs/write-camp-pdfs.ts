import { mkdir } from "node:fs/promises";
import type { CampEdition } from "../../src/shared/camp/camp-edition.ts";

/** Placeholder until the flyers are written: creates the output folder. */
export async function writeCampPdfs(_edition: CampEdition, outDir: string) {
  await mkdir(outDir, { recursive: true });
}
