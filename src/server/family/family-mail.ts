/**
 * The mails that carry an address's link to «Min side» (docs/decisions/0042-one-family-page-for-the-season.md):
 * «Finn påmeldingen min» and «Send meg en ny lenke». Each greets the person who registered and names what
 * the link opens, so the family can tell it is theirs.
 */
import { and, asc, inArray } from "drizzle-orm";
import { club } from "../../shared/club/club-facts.ts";
import { greetingNameOf } from "../../shared/camp/contact-greeting.ts";
import { linkLifetimeSentence } from "../../shared/camp/camp-my-registration.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { renderMailContent } from "../mail/mail-content.ts";
import type { OutgoingMail } from "../mail/outbox.ts";
import { selfServiceMailKey } from "../camp/camp-self-service-mail.ts";
import { readCampCompanions } from "../camp/camp-companion-rows.ts";
import { personLine } from "../../shared/camp/family-people.ts";
import { positionsOf } from "../events/event-positions.ts";
import { eventById } from "../events/event-store.ts";
import type { Season } from "./family-season.ts";

/**
 * Dedupe keys of an event order's «Min side» mails, `event-self:{order row id}:{what}`: retention deletes them
 * with the order and the person export shows them with it (privacy/event-order-retention.ts).
 */
export const eventSelfMailKeyPrefix = "event-self:";

/**
 * The key of a mail about the season: under the first camp registration (`camp-self:…`, the camp's mails) when
 * there is one, else the first event order's; so it goes with the family's data as their other mails do.
 */
export function seasonMailKey(season: Pick<Season, "camp" | "orders">, what: string): string {
  const registration = season.camp[0];
  if (registration) return selfServiceMailKey(registration.id, what);
  return `${eventSelfMailKeyPrefix}${season.orders[0]!.id}:${what}`;
}

export interface SeasonMailFacts {
  /** Whom the mail greets: the person who registered (none: «Hei!»). */
  greetingName: string | undefined;
  /** One line per registration or order: who, what and the order id. */
  entries: string[];
  /** The camps' years, when the link opens only the camp (its sentence about how long a link works is the camp's). */
  campOnlyYears: number[] | undefined;
}

/** Who and what the season holds, as the mails name it. */
export async function seasonMailFacts(db: Pick<Db, "select">, season: Pick<Season, "camp" | "orders">): Promise<SeasonMailFacts> {
  const camp =
    season.camp.length === 0
      ? []
      : await db
          .select({
            orderId: campRegistrations.orderId,
            year: campRegistrations.editionYear,
            firstName: campRegistrations.firstName,
            lastName: campRegistrations.lastName,
            age: campRegistrations.age,
            contactName: campRegistrations.contactName,
            id: campRegistrations.id,
            status: campRegistrations.status,
          })
          .from(campRegistrations)
          .where(
            and(
              inArray(
                campRegistrations.id,
                season.camp.map((registration) => registration.id),
              ),
            ),
          )
          .orderBy(asc(campRegistrations.id));
  const companions = await readCampCompanions(
    db,
    camp.map((row) => row.id),
  );
  // Everyone the link opens, a cancelled athlete or companion marked so.
  const entries = camp.flatMap((row) => [
    `${personLine({ kind: "athlete", name: `${row.firstName} ${row.lastName}`, cancelled: row.status === "cancelled" })}, vinterleir ${row.year} (ordrenummer ${row.orderId})`,
    ...companions
      .filter((companion) => companion.registrationId === row.id)
      .map(
        (companion) =>
          `${personLine({ kind: "companion", name: `${companion.firstName} ${companion.lastName}`, cancelled: row.status === "cancelled" || companion.cancelledAt !== null })}, vinterleir ${row.year}`,
      ),
  ]);
  const { people } = await positionsOf(
    db,
    season.orders.map((order) => order.id),
  );
  for (const order of season.orders) {
    const title = (await eventById(db, order.eventId))?.definition.title ?? "arrangement";
    const names = people.filter((person) => person.orderId === order.id).map((person) => `${person.firstName} ${person.lastName}`.trim());
    entries.push(`${names.length > 0 ? `${names.join(", ")}, ` : ""}${title} (ordrenummer ${order.orderId})`);
  }
  // The person who registered: an event order's contact, else the camp's rule (never the child).
  const latestOrder = season.orders.at(-1);
  const latestCamp = camp.at(-1);
  const greetingName = latestOrder ? latestOrder.firstName.trim() || undefined : latestCamp ? greetingNameOf(latestCamp) : undefined;
  const years = [...new Set(camp.map((row) => row.year))];
  return { greetingName, entries, campOnlyYears: season.orders.length === 0 ? years : undefined };
}

type MailContent = Pick<OutgoingMail, "subject" | "text" | "html">;

/** How long the link works, as the mail says it. */
function lifetimeSentence(facts: SeasonMailFacts): string {
  const years = facts.campOnlyYears;
  if (years) return linkLifetimeSentence(years.length > 1 ? Math.max(...years) : undefined);
  return "Lenken virker til alt dette er over.";
}

function render(title: string, facts: SeasonMailFacts, paragraphs: string[], link: string, closing: string): MailContent {
  const content = renderMailContent({
    title,
    greet: facts.greetingName,
    blocks: [
      ...paragraphs.map((paragraph) => ({ paragraph })),
      { list: facts.entries },
      { paragraph: [{ href: link, text: "Min side" }, `\n${lifetimeSentence(facts)}`] },
      { paragraph: closing },
    ],
  });
  return { subject: `${title} – ${club.name}`, ...content };
}

/** «Finn påmeldingen min»: the address's one link, and what it opens. */
export function renderFindMail(link: string, facts: SeasonMailFacts): MailContent {
  return render(
    "Lenken til påmeldingene dine",
    facts,
    [
      "Her er lenken til «Min side». Der ser du alt som er meldt på eller bestilt med denne e-postadressen: hver deltaker, hva det koster, og hva som er betalt. Der kan du også avbestille.",
    ],
    link,
    "Ba du ikke om denne e-posten, kan du se bort fra den.",
  );
}

/** «Send meg en ny lenke»: the new link; every older link to the family's page has stopped working. */
export function renderNewLinkMail(link: string, facts: SeasonMailFacts): MailContent {
  return render(
    "Ny lenke til påmeldingene dine",
    facts,
    [
      "Du ba om en ny lenke til «Min side». Her er den. Alle eldre lenker til påmeldingene deres, også lenkene i tidligere e-poster, virker ikke lenger.",
    ],
    link,
    "Ba du ikke om en ny lenke selv, kan noen andre ha hatt den gamle lenken. Den virker ikke lenger, så bare du kommer inn med den nye.",
  );
}
