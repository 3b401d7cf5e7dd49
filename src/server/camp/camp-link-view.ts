import type { MyRegistrationView } from "../../shared/camp/camp-my-registration.ts";
import type { Db } from "../db/database.ts";
import type { LinkedRegistration } from "./camp-personal-link.ts";
import { myRegistrationView } from "./camp-self-service-view.ts";

/**
 * What a link shows: its first registration's view (with its group), and each further registration behind
 * the link that is not in a group already shown, in `family`. Undefined when none can be shown.
 */
export async function linkView(db: Db, registrations: readonly LinkedRegistration[], now: Date): Promise<MyRegistrationView | undefined> {
  const shown = new Set<string>();
  const views: MyRegistrationView[] = [];
  for (const registration of registrations) {
    if (shown.has(registration.orderId)) continue;
    const view = await myRegistrationView(db, registration.id, now);
    if (!view) continue;
    views.push(view);
    for (const member of view.group?.members ?? [view]) shown.add(member.orderId);
  }
  const [first, ...rest] = views;
  if (!first) return undefined;
  return rest.length > 0 ? { ...first, family: rest } : first;
}

/** The registration an action through the link is for: `orderId` among the link's registrations, else its first. */
export function actionTarget(registrations: readonly LinkedRegistration[], orderId: string | undefined): number | undefined {
  if (orderId === undefined || orderId === "") return registrations[0]?.id;
  return registrations.find((registration) => registration.orderId === orderId)?.id;
}
