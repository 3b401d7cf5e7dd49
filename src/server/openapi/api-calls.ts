import type { ApiCall } from "./api-call-types.ts";
import { campAdminCalls } from "./api-calls-camp-admin.ts";
import { campEditionCalls, campEditionListCalls } from "./api-calls-camp-editions.ts";
import { checkInCalls } from "./api-calls-check-in.ts";
import { eventAdminCalls } from "./api-calls-event-admin.ts";
import { eventDoorCalls } from "./api-calls-event-door.ts";
import { invoiceAdminCalls } from "./api-calls-invoice-admin.ts";
import { messageCalls } from "./api-calls-messages.ts";
import { myRegistrationCalls } from "./api-calls-my-registration.ts";
import { newMemberAdminCalls } from "./api-calls-new-member-admin.ts";
import { publicCalls } from "./api-calls-public.ts";
import { siteCalls } from "./api-calls-site.ts";

/**
 * Every call of the API, for the OpenAPI document (openapi-document.ts). A test checks that each route the
 * server registers is here: a new call is one entry, with its path as the route registers it (`:param`), in
 * its area's file (api-calls-*.ts). Path parameters are described by name (openapi-document.ts); admin calls
 * (`admin: true`) take the area's token as their last segment and answer 401 without a valid one.
 *
 * The order of the areas is the order of the paths in the document.
 */
export const apiCalls: readonly ApiCall[] = [
  ...publicCalls,
  ...campAdminCalls,
  ...checkInCalls,
  ...eventAdminCalls,
  ...eventDoorCalls,
  ...campEditionListCalls,
  ...messageCalls,
  ...campEditionCalls,
  ...myRegistrationCalls,
  ...newMemberAdminCalls,
  ...invoiceAdminCalls,
  ...siteCalls,
];
