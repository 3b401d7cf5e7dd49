/**
 * The mail the family gets when the camp's leader changes a registration (a correction, a companion added):
 * what the leader did, the new price and the money lines every mail reads from the ledger.
 */
import { and, desc, eq } from "drizzle-orm";
import { ledgerFigureLabels, mailMoneyLines } from "../../shared/camp/camp-ledger-labels.ts";
import { ledgerFigures } from "../../shared/camp/camp-ledger.ts";
import { formatKroner } from "../../shared/format.ts";
import type { Db } from "../db/database.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { queueMail } from "../mail/outbox.ts";
import { loadClubContact } from "../site-content/club-contact.ts";
import { readLedger } from "./camp-ledger-store.ts";
import { createMailLink, personalLinkUrl } from "./camp-personal-link.ts";
import { selfServiceMailKey } from "./camp-self-service-mail.ts";
import { renderMailContent } from "../mail/mail-content.ts";
import { registrantGreeting } from "./camp-greeting.ts";

export interface LeaderMail {
  registration: { id: number; orderId: string; email: string; groupId: string | null; age: number; firstName: string; contactName: string | null };
  /** The first sentence: what the leader did. */
  what: string;
  subject: string;
  /** What goes back because of the change (0: nothing). */
  refund: number;
  /** Tells this mail apart from the registration's other mails (dedupe key). */
  key: string;
}

export async function queueLeaderChangeMail(tx: Db, mail: LeaderMail, now: Date, publicBaseUrl: string): Promise<void> {
  const { registration } = mail;
  const figures = ledgerFigures(await readLedger(tx, registration.id));
  const [latest] = await tx
    .select({ method: eventPayments.method })
    .from(eventPayments)
    .where(and(eq(eventPayments.orderId, registration.id), eq(eventPayments.ownerKind, "camp")))
    .orderBy(desc(eventPayments.id))
    .limit(1);
  const [paidLine, ...rest] = mailMoneyLines(figures, latest?.method ?? "card_cash");
  const moneyLines = [
    `Ny pris: ${formatKroner(figures.charged)}.`,
    ...(mail.refund > 0 ? [`Du får ${formatKroner(mail.refund)} tilbake.`] : []),
    // What came in and what went back, beside what is left: «Betalt» alone would not add up after a refund.
    paidLine!,
    ...(figures.refunded > 0 ? [`${ledgerFigureLabels.refunded}: ${formatKroner(figures.refunded)}`] : []),
    ...(figures.refundOwed > 0 ? [`${ledgerFigureLabels.refundOwed}: ${formatKroner(figures.refundOwed)}`] : []),
    ...rest,
  ].join("\n");
  const link = personalLinkUrl(publicBaseUrl, await createMailLink(tx, registration.id, now));
  const contact = (await loadClubContact(tx)).general;
  await queueMail(
    tx,
    {
      dedupeKey: selfServiceMailKey(registration.id, `${mail.key}-${now.getTime()}`),
      to: registration.email,
      subject: mail.subject,
      // The one who registered is greeted, as in every mail about the registration (camp-greeting.ts).
      ...renderMailContent({
        title: mail.subject,
        greet: await registrantGreeting(tx, registration),
        blocks: [{ paragraph: mail.what }, { paragraph: moneyLines }, { paragraph: [{ href: link, text: "Min påmelding" }] }],
        contact: { email: contact },
      }),
    },
    now,
  );
}
