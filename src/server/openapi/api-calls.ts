import type { ApiCall } from "./api-call-types.ts";
import { campAdminCalls } from "./api-calls-camp-admin.ts";
import { publicCalls } from "./api-calls-public.ts";

/**
 * The calls of the API not yet declared once (src/shared/api/call.ts), for the OpenAPI document
 * (openapi-document.ts): a declared call is documented from its declaration when its route is registered,
 * and has no entry here. A test checks that each route the server registers is documented one way or the
 * other; such a call is one entry, with its path as the route registers it (`:param`), in its area's file
 * (api-calls-*.ts). Path parameters are described by name (openapi-document.ts); admin calls
 * (`admin: true`) take the area's token as their last segment and answer 401 without a valid one.
 *
 * The order of the areas is the order of the paths in the document.
 */
export const apiCalls: readonly ApiCall[] = [...publicCalls, ...campAdminCalls];
