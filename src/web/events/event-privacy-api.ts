import { postAdminAction } from "../lib/api-client.ts";

// An event order's privacy calls for a `leder` (docs/api.md): the family's data as a file, and blanking
// the order on request.

const segment = encodeURIComponent;

/** GET /api/ArrangementAdmin/PersonExport/{orderId}/{token}: a plain link, so the browser saves the file itself. */
export const eventPersonExportPath = (orderId: string, token: string) => `/api/ArrangementAdmin/PersonExport/${segment(orderId)}/${segment(token)}`;

/** POST /api/ArrangementAdmin/Forget/{orderId}/{token}: throws an ApiError with the server's Norwegian message unless done. */
export const forgetEventOrder = (orderId: string, token: string) =>
  postAdminAction(`/api/ArrangementAdmin/Forget/${segment(orderId)}/${segment(token)}`);
