import type { FastifyInstance } from "fastify";
import { siteCalls } from "../../shared/site/site-calls.ts";
import { currentCampAccount } from "../admin-auth/camp-account.ts";
import { HttpError } from "../errors.ts";
import { routeCall } from "../http/call-route.ts";
import { imageKinds, imageMessages, loadImage, maxImageBytes, prepareImage, storeImage, type ImageKind } from "./site-images.ts";

const imageFile = /^([0-9a-f]{32})\.webp$/;
/** Pictures served lately, kept in memory: they never change under their address. */
const cacheLimit = 64;

/**
 * Uploads for «Nettsted» (sponsor logos, news pictures; declared as siteCalls.image) and the pictures themselves:
 *   POST /api/NettstedAdmin/Image/{kind}/{token}   the file's bytes as the body; answers { id, width, height }
 *   GET  /bilder/nettsted/{id}.webp                  cached for a year (the address is a hash of the bytes)
 * Stored in the database, so every process serves what any of them received.
 */
export async function registerSiteImageRoutes(app: FastifyInstance) {
  const served = new Map<string, Buffer>();

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: maxImageBytes }, (_request, body, done) => done(null, body));
    routeCall(scope, siteCalls.image, {}, async (request, reply) => {
      const { kind } = request.params;
      if (!Object.hasOwn(imageKinds, kind)) throw new HttpError(404, imageMessages.unknownKind);
      const raw: unknown = request.body;
      const body = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
      const prepared = await prepareImage(body, kind as ImageKind);
      const image = await storeImage(app.db, prepared, (await currentCampAccount(request)).username, app.now());
      request.log.info({ kind, image: image.id, bytes: prepared.body.length }, "site image stored");
      return reply.code(201).header("cache-control", "no-store").send(image);
    });
  });

  app.get<{ Params: { file: string } }>("/bilder/nettsted/:file", async (request, reply) => {
    const match = imageFile.exec(request.params.file);
    const id = match?.[1];
    const body = id ? (served.get(id) ?? (await loadImage(app.db, id))) : undefined;
    if (!id || !body) return reply.code(404).header("cache-control", "no-store").send({ error: "Fant ikke bildet." });
    served.delete(id);
    served.set(id, body);
    if (served.size > cacheLimit) served.delete(served.keys().next().value!);
    return reply
      .header("content-type", "image/webp")
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .send(body);
  });
}
