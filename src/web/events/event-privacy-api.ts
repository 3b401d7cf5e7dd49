import { callPath } from "../../shared/api/call.ts";
import { eventPrivacyCalls } from "../../shared/privacy/event-privacy-calls.ts";
import { postAdminAction } from "../lib/api-client.ts";

// An event order's privacy calls for a `leder` (docs/api.md): the family's data as a file, and blanking
// the order on request.

/** eventPrivacyCalls.personExport: a plain link, so the browser saves the file itself. */
export const eventPersonExportPath = (orderId: string, token: string) => callPath(eventPrivacyCalls.personExport, { orderId, token });

/** eventPrivacyCalls.forgetOrder: throws an ApiError with the server's Norwegian message unless done. */
export const forgetEventOrder = (orderId: string, token: string) => postAdminAction(callPath(eventPrivacyCalls.forgetOrder, { orderId, token }));
