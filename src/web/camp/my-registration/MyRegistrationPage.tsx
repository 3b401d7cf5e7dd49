import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { MyRegistrationView } from "../../../shared/camp/camp-my-registration.ts";
import { participantPaymentMethodLabels, registrationStatusLabels } from "../../../shared/camp/camp-state-labels.ts";
import { formatKroner } from "../../../shared/format.ts";
import { ReceiptTable } from "../registration/ReceiptTable.tsx";
import { addCompanion, cancelPerson, changeMyRegistration, setGrading, type ActionResult } from "./my-registration-api.ts";
import { rememberPersonalLink } from "./personal-link-storage.ts";
import "../registration/registration.css";
import "./my-registration.css";
import { ContactEmailLink } from "../../components/ContactEmailLink.tsx";

import { IdPrefix, H, useIdPrefix, useLandmarkId } from "./my-registration-sections.tsx";
import { PersonCard, RefundRule } from "./PersonCard.tsx";
import { ChangeForm } from "./ChangeForm.tsx";
import { GradingChoice, PayOutstanding } from "./MoneyParts.tsx";
import { MoneyLines } from "../../components/MoneyLines.tsx";
import { AddCompanionForm } from "./AddCompanionForm.tsx";
const contact = <ContactEmailLink />;

/**
 * The camp's part of «Min side» (src/web/family/FamilyPage.tsx): the registration(s) behind the link as the
 * server answered them, each with its own state, changes and «Avbestill»; after an action the camp's part
 * shows the registration(s) as they now stand.
 */
export function CampPart({ token, initial }: { token: string; initial: MyRegistrationView }) {
  const [view, setView] = useState<MyRegistrationView>(initial);
  const [notice, setNotice] = useState<string | undefined>();
  const noticeRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => setView(initial), [initial]);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const done = (message: string) => (result: ActionResult) => {
    if (result.kind === "ok") {
      setView(result.view);
      setNotice(message.replace("{refund}", formatKroner(result.refund ?? 0)));
    }
    return result;
  };
  const group = view.group;

  return (
    <section className="season-part my-registration" aria-labelledby="season-camp">
      <h2 id="season-camp" className="season-part-title">
        Vinterleir {view.year}
      </h2>
      {group ? (
        <GroupSummary group={group} />
      ) : (
        <p className="lead">
          Ordrenummer <strong className="order-id">{view.orderId}</strong> ·{" "}
          <span className={`my-status my-status-${view.status}`}>{registrationStatusLabels[view.status]}</span>
        </p>
      )}
      {notice && (
        <p className="notice my-notice" role="status" tabIndex={-1} ref={noticeRef}>
          {notice}
        </p>
      )}
      {group ? (
        group.members.map((member) => <MemberSection key={member.orderId} token={token} member={member} done={done} />)
      ) : (
        <RegistrationBody token={token} view={view} done={done} />
      )}
      {view.family?.map((other) => (
        <FamilyRegistration key={other.orderId} token={token} view={other} done={done} />
      ))}
      <p className="my-help">
        Spørsmål? Skriv til {contact} og oppgi ordrenummeret. Se også <Link to="/vinterleir/schedule">programmet</Link>.
      </p>
    </section>
  );
}

type Done = (message: string) => (result: ActionResult) => ActionResult;

/** One athlete's part of a page that shows several (a group, or a family's link): every call names the athlete's order id. */
function MemberSection({ token, member, done }: { token: string; member: MyRegistrationView; done: Done }) {
  const athlete = member.persons.find((person) => person.kind === "athlete");
  return (
    <section className="my-member" aria-labelledby={`${member.orderId}-member`}>
      <h2 id={`${member.orderId}-member`}>{athlete ? `${athlete.firstName} ${athlete.lastName}` : member.orderId}</h2>
      <p className="lead">
        Ordrenummer <strong className="order-id">{member.orderId}</strong> ·{" "}
        <span className={`my-status my-status-${member.status}`}>{registrationStatusLabels[member.status]}</span>
      </p>
      <IdPrefix.Provider value={{ idp: `${member.orderId}-`, level: 3 }}>
        <RegistrationBody token={token} target={member.orderId} view={member} done={done} />
      </IdPrefix.Provider>
    </section>
  );
}

/** A further registration behind a family's link (made with the same e-mail address): its group's summary and each athlete. */
function FamilyRegistration({ token, view, done }: { token: string; view: Omit<MyRegistrationView, "family">; done: Done }) {
  return (
    <>
      {view.group && <GroupSummary group={view.group} id={`${view.group.orderId}-group`} />}
      {(view.group?.members ?? [view]).map((member) => (
        <MemberSection key={member.orderId} token={token} member={member} done={done} />
      ))}
    </>
  );
}

/** The top of a group's page: one payment (with Vipps) for everyone, and what it stands at. */
function GroupSummary({ group, id = "my-group" }: { group: NonNullable<MyRegistrationView["group"]>; id?: string }) {
  return (
    <section aria-labelledby={id} className="my-group">
      <h2 id={id}>Påmeldingen</h2>
      <p className="lead">
        Ordrenummer <strong className="order-id">{group.orderId}</strong> · {group.members.length} utøvere
      </p>
      <dl className="my-facts">
        <dt>Totalt for alle</dt>
        <dd>{formatKroner(group.total)}</dd>
        <dt>Betalingsmåte</dt>
        <dd>{group.paymentMethod ? participantPaymentMethodLabels[group.paymentMethod] : "–"}</dd>
        <dt>Status</dt>
        <dd>{group.paymentState}</dd>
        <MoneyLines money={group} />
      </dl>
    </section>
  );
}

/**
 * One registration's persons, receipt, payment and controls. `target`: the athlete's order id when the page
 * shows a group (every call then names which athlete of the link's group it is for).
 */
function RegistrationBody({ token, target, view, done }: { token: string; target?: string; view: MyRegistrationView; done: Done }) {
  const idp = useIdPrefix();
  const landmarkId = useLandmarkId();
  return (
    <>
      <section aria-labelledby={landmarkId(`${idp}my-persons`)}>
        <H id={`${idp}my-persons`}>Deltakere</H>
        <ul className="my-persons">
          {view.persons.map((person) => (
            <PersonCard
              key={person.key}
              person={person}
              view={view}
              onCancel={async () =>
                done(
                  person.kind === "athlete"
                    ? `${target ? `${person.firstName} ${person.lastName} er avbestilt` : "Påmeldingen er avbestilt"}${view.paymentMethod === "vipps" ? `, og du får {refund} tilbake med Vipps` : ""}. Du får en e-post om det.`
                    : `${person.firstName} ${person.lastName} er avbestilt. Du får en e-post om det.`,
                )(await cancelPerson(token, person.key, person.refundIfCancelledToday, target))
              }
            />
          ))}
        </ul>
      </section>
      <section aria-labelledby={landmarkId(`${idp}my-payment`)}>
        <H id={`${idp}my-payment`}>Betaling</H>
        <ReceiptTable caption="Kvittering" lines={view.lines} total={view.total} />
        <dl className="my-facts">
          <dt>Betalingsmåte</dt>
          <dd>{view.paymentMethod ? participantPaymentMethodLabels[view.paymentMethod] : "–"}</dd>
          <dt>Status</dt>
          <dd>{view.paymentState}</dd>
          <MoneyLines money={view} />
        </dl>
        <RefundRule
          view={view}
          who={
            target
              ? view.persons.filter((person) => person.kind === "athlete").map((person) => `${person.firstName} ${person.lastName}`)[0]
              : undefined
          }
        />
      </section>
      {view.changeable && view.paymentMethod === "vipps" && view.outstanding > 0 && (
        <PayOutstanding token={token} target={target} amount={view.outstanding} />
      )}
      {view.changeable && (view.mayGrade || view.gradering) && (
        <GradingChoice
          view={view}
          onSet={async (on) => {
            const result = await setGrading(token, on, target);
            if (result.kind === "ok" && result.payUrl) {
              rememberPersonalLink(window.location.pathname);
              window.location.assign(result.payUrl);
              return result;
            }
            return done(on ? "Gradering er lagt til." : "Graderingen er tatt bort.")(result);
          }}
        />
      )}
      {view.changeable && (
        <AddCompanionForm
          onAdd={async (companion) => {
            const result = await addCompanion(token, companion, target);
            if (result.kind === "ok" && result.payUrl) {
              // Back from Vipps, the result page links here again.
              rememberPersonalLink(window.location.pathname);
              window.location.assign(result.payUrl);
              return result;
            }
            return done(`${companion.firstName} ${companion.lastName} er lagt til.`)(result);
          }}
        />
      )}
      {view.changeable ? (
        <ChangeForm
          key={JSON.stringify([view.email, view.telephone, view.allergies, view.otherInfo, view.vegan, view.public, view.sleepover])}
          view={view}
          onSave={async (change) => done("Endringene er lagret.")(await changeMyRegistration(token, change, target))}
        />
      ) : (
        view.status === "confirmed" && <p>Leiren har startet, så påmeldingen kan ikke endres her lenger. Skriv til {contact} hvis noe er galt.</p>
      )}
    </>
  );
}
