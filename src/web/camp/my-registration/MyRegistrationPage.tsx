import { Fragment, createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode, type Ref } from "react";
import { Link, useParams } from "react-router";
import { club } from "../../../shared/club/club-facts.ts";
import { myRegistrationPath, type MyPerson, type MyRegistrationView } from "../../../shared/camp/camp-my-registration.ts";
import { participantPaymentMethodLabels, registrationStatusLabels } from "../../../shared/camp/camp-state-labels.ts";
import {
  MyRegistrationChangeSchema,
  newCompanion,
  validateCompanion,
  type CompanionDraft,
  type CompanionField,
  type FieldErrors,
  type MyRegistrationChange,
} from "../../../shared/camp/camp-registration.ts";
import { campSettings } from "../../../shared/camp/camp-edition.ts";
import { cancellationPreview } from "../../../shared/camp/cancellation-terms.ts";
import { ledgerFigureLabels } from "../../../shared/camp/camp-ledger.ts";
import { formatKroner } from "../../../shared/format.ts";
import { ConfirmAction, useConfirmation } from "../../components/ConfirmAction.tsx";
import { AgeField, CheckboxField, TextAreaField, TextField } from "../../components/wizard/fields.tsx";
import { newId } from "../../components/wizard/new-id.ts";
import { LoadProblem } from "../registration/LoadProblem.tsx";
import { ReceiptTable } from "../registration/ReceiptTable.tsx";
import { useLoad } from "../../lib/use-load.ts";
import {
  addCompanion,
  cancelPerson,
  changeMyRegistration,
  getMyRegistration,
  payOutstanding,
  setGrading,
  type ActionResult,
} from "./my-registration-api.ts";
import { rememberPersonalLink } from "./personal-link-storage.ts";
import "../registration/registration.css";
import "./my-registration.css";
import { ContactEmailLink } from "../../components/ContactEmailLink.tsx";

/**
 * Rendered in the browser: the server sends the root's loading view with the page's title (an unknown
 * link never gets here: the server answers it with the 404 page), and the page renders once hydrated.
 */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function meta() {
  // A personal link: kept out of search engines.
  return [{ title: `Min påmelding – ${club.name}` }, { name: "robots", content: "noindex" }];
}

const contact = <ContactEmailLink />;

/** /vinterleir/min-pamelding/:token — the link in the confirmation mail: see, change and cancel. */
export function MyRegistration() {
  const { token = "" } = useParams();
  const load = useCallback(() => getMyRegistration(token), [token]);
  const [loaded, retry] = useLoad(load);
  const [view, setView] = useState<MyRegistrationView | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const noticeRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (loaded.status === "ready" && loaded.data !== "notfound") setView(loaded.data);
  }, [loaded]);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  if (loaded.status === "loading") {
    return (
      <Frame title="Min påmelding">
        <p role="status">Henter påmeldingen …</p>
      </Frame>
    );
  }
  if (loaded.status === "error") {
    return (
      <Frame title="Min påmelding">
        <LoadProblem what="påmeldingen" detail={loaded.detail} onRetry={retry} />
      </Frame>
    );
  }
  if (loaded.data === "notfound" || !view) return <NotFound />;

  const done = (message: string) => (result: ActionResult) => {
    if (result.kind === "ok") {
      setView(result.view);
      setNotice(message.replace("{refund}", formatKroner(result.refund ?? 0)));
    }
    return result;
  };
  const group = view.group;

  return (
    <Frame title={`Min påmelding – vinterleir ${view.year}`}>
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
    </Frame>
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

/** Each athlete of a group has its own sections (ids and headings one level down, see RegistrationBody). */
const IdPrefix = createContext<{ idp: string; level: 2 | 3 }>({ idp: "", level: 2 });
const useIdPrefix = () => useContext(IdPrefix).idp;
/** Inside an athlete's part of a group page the sections are not named landmarks (they would repeat per athlete). */
function useLandmarkId() {
  const nested = useContext(IdPrefix).level === 3;
  return (id: string) => (nested ? undefined : id);
}

function H({ id, children }: { id: string; children: ReactNode }) {
  const Tag = useContext(IdPrefix).level === 3 ? "h3" : "h2";
  return <Tag id={id}>{children}</Tag>;
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

/** `who`: in a group, the athlete's name (cancelling the athlete ends that athlete's registration only). */
function RefundRule({ view, who }: { view: MyRegistrationView; who?: string }) {
  // One rule whatever the payment method: it applies to what was paid.
  if (view.status !== "confirmed" || view.paymentMethod === "free") return null;
  const how = view.paymentMethod === "vipps" ? " med Vipps" : "";
  const everything = view.persons.find((person) => person.kind === "athlete")?.refundIfCancelledToday ?? 0;
  // The rule's own sentence, made by the server from the rule it applies (the same words as the terms and mails).
  return (
    <p className="my-rule">
      Avbestiller du {who ?? "hele påmeldingen"} i dag, får du {formatKroner(everything)} tilbake{how}. {view.refundTerms} Det som ikke er betalt
      ennå, faller bort uten at noe betales tilbake.
    </p>
  );
}

type Sending = { state: "idle" } | { state: "sending" } | { state: "error"; message: string };

function PersonCard({ person, view, onCancel }: { person: MyPerson; view: MyRegistrationView; onCancel: () => Promise<ActionResult> }) {
  const confirmation = useConfirmation<"cancel">();
  const [error, setError] = useState<string>();
  const name = `${person.firstName} ${person.lastName}`;
  const canCancel = view.changeable && !person.cancelled;
  // The one rule on what was paid for the person, in the shared words (nothing paid: it costs nothing).
  const refundText =
    view.paymentMethod === "free"
      ? ""
      : cancellationPreview({ paidFor: person.paidForIfCancelledToday, refund: person.refundIfCancelledToday }, view.paymentMethod);
  const confirm = async () => {
    setError(undefined);
    const result = await onCancel();
    if (result.kind === "ok") confirmation.close();
    else
      setError(
        result.kind === "conflict" || result.kind === "invalid"
          ? result.message
          : result.kind === "notfound"
            ? "Fant ikke påmeldingen."
            : "Vi fikk ikke avbestilt. Prøv igjen om litt.",
      );
  };
  return (
    <li className={`my-person${person.cancelled ? " is-cancelled" : ""}`}>
      <div className="my-person-head">
        <strong>{name}</strong>
        <span className="my-person-role">{person.kind === "athlete" ? "Utøver" : "Ledsager"}</span>
      </div>
      <p className="my-person-amount">{person.cancelled ? "Avbestilt" : formatKroner(person.amount)}</p>
      {canCancel && !confirmation.open && (
        <button
          type="button"
          className="button secondary"
          ref={confirmation.trigger("cancel")}
          onClick={() => confirmation.ask("cancel")}
          aria-label={`Avbestill ${name}`}
        >
          Avbestill
        </button>
      )}
      {canCancel && confirmation.open && (
        <ConfirmAction
          className="my-confirm"
          label={`Bekreft avbestilling av ${name}`}
          confirmLabel="Ja, avbestill"
          busyLabel="Avbestiller …"
          cancelLabel="Nei, behold"
          error={error}
          onConfirm={confirm}
          onCancel={() => {
            setError(undefined);
            confirmation.cancel();
          }}
        >
          <strong>Avbestille {name}?</strong>{" "}
          {person.kind === "athlete" &&
            view.persons.some((other) => other.kind === "companion" && !other.cancelled) &&
            "Hele påmeldingen avbestilles, også ledsagerne. "}
          {refundText}
        </ConfirmAction>
      )}
    </li>
  );
}

const fields = ["email", "telephone", "allergies", "otherInfo", "vegan", "public", "sleepover"] as const;
type Form = Pick<MyRegistrationView, (typeof fields)[number]>;

function ChangeForm({ view, onSave }: { view: MyRegistrationView; onSave: (change: MyRegistrationChange) => Promise<ActionResult> }) {
  const idp = useIdPrefix();
  const landmarkId = useLandmarkId();
  const [form, setForm] = useState<Form>(() => Object.fromEntries(fields.map((field) => [field, view[field]])) as Form);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [sending, setSending] = useState<Sending>({ state: "idle" });
  const set = <K extends keyof Form>(field: K, value: Form[K]) => setForm((current) => ({ ...current, [field]: value }));
  const changed = fields.filter((field) => form[field] !== view[field]);

  const save = async () => {
    const change = Object.fromEntries(changed.map((field) => [field, form[field]])) as MyRegistrationChange;
    // The wizard's own rules and messages before the server checks again.
    const parsed = MyRegistrationChangeSchema.safeParse(change);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setSending({ state: "sending" });
    const result = await onSave(parsed.data);
    if (result.kind === "ok") setSending({ state: "idle" });
    else if (result.kind === "invalid") {
      setErrors(Object.fromEntries(result.issues.map((issue) => [issue.path.split(".")[0]!, issue.message])));
      setSending({ state: "error", message: result.message });
    } else setSending({ state: "error", message: result.kind === "conflict" ? result.message : "Vi fikk ikke lagret. Prøv igjen om litt." });
  };

  return (
    <section aria-labelledby={landmarkId(`${idp}my-change`)}>
      <H id={`${idp}my-change`}>Endre opplysningene</H>
      <p className="field-hint">
        Du kan endre dette fritt til leiren starter. Allergier og annen informasjon ser bare de som har ansvaret for leiren.
      </p>
      <form
        className="my-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField
          id={`${idp}my-email`}
          label="E-post"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={form.email}
          onChange={(value) => set("email", value)}
          error={errors.email}
        />
        <TextField
          id={`${idp}my-telephone`}
          label="Telefon"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={form.telephone}
          onChange={(value) => set("telephone", value)}
          error={errors.telephone}
        />
        <TextAreaField
          id={`${idp}my-allergies`}
          label="Allergier"
          maxLength={campSettings.limits.textLength}
          value={form.allergies}
          onChange={(value) => set("allergies", value)}
          error={errors.allergies}
        />
        <TextAreaField
          id={`${idp}my-other`}
          label="Annen informasjon"
          maxLength={campSettings.limits.textLength}
          value={form.otherInfo}
          onChange={(value) => set("otherInfo", value)}
          error={errors.otherInfo}
        />
        <CheckboxField id={`${idp}my-vegan`} label="Vegetarmat" checked={form.vegan} onChange={(value) => set("vegan", value)} error={errors.vegan} />
        <CheckboxField
          id={`${idp}my-public`}
          label="Vis navn og grad på deltakerlisten"
          checked={form.public}
          onChange={(value) => set("public", value)}
          error={errors.public}
        />
        {(view.maySleepOver || view.sleepover) && (
          <CheckboxField
            id={`${idp}my-sleepover`}
            label="Overnatter i hallen"
            checked={form.sleepover}
            onChange={(value) => set("sleepover", value)}
            error={errors.sleepover}
            disabled={!view.maySleepOver && !form.sleepover}
          />
        )}
        {sending.state === "error" && (
          <p className="field-error" role="alert">
            {sending.message}
          </p>
        )}
        <button type="submit" className="button" disabled={changed.length === 0 || sending.state === "sending"}>
          {sending.state === "sending" ? "Lagrer …" : "Lagre endringene"}
        </button>
      </form>
    </section>
  );
}

function GradingChoice({ view, onSet }: { view: MyRegistrationView; onSet: (on: boolean) => Promise<ActionResult> }) {
  const idp = useIdPrefix();
  const landmarkId = useLandmarkId();
  const [state, setState] = useState<Sending>({ state: "idle" });
  const act = async () => {
    setState({ state: "sending" });
    const result = await onSet(!view.gradering);
    if (result.kind === "ok") {
      if (!result.payUrl) setState({ state: "idle" });
    } else
      setState({
        state: "error",
        message: result.kind === "conflict" || result.kind === "invalid" ? result.message : "Vi fikk ikke endret. Prøv igjen om litt.",
      });
  };
  return (
    <section aria-labelledby={landmarkId(`${idp}my-grading`)}>
      <H id={`${idp}my-grading`}>Gradering</H>
      <p>{view.gradering ? "Utøveren er meldt på gradering på leiren." : "Utøveren kan gradere på leiren."}</p>
      {state.state === "error" && (
        <p className="field-error" role="alert">
          {state.message}
        </p>
      )}
      <button type="button" className="button secondary my-add-button" onClick={() => void act()} disabled={state.state === "sending"}>
        {view.gradering ? "Ta bort gradering" : "Meld på gradering"}
      </button>
    </section>
  );
}

/**
 * The lines that explain every krone, from the order's ledger: what came in, what went back, what the
 * cancellation rules kept, what is owed back outside Vipps, and what is left to pay. A line that is 0 is left
 * out, except «Betalt» and «Å betale».
 */
function MoneyLines({ money }: { money: Pick<MyRegistrationView, "paid" | "refunded" | "kept" | "refundOwed" | "outstanding"> }) {
  const lines: [keyof typeof ledgerFigureLabels, number][] = [
    ["paid", money.paid],
    ["refunded", money.refunded],
    ["kept", money.kept],
    ["refundOwed", money.refundOwed],
    ["outstanding", money.outstanding],
  ];
  return (
    <>
      {lines
        .filter(([key, amount]) => amount !== 0 || key === "paid" || key === "outstanding")
        .map(([key, amount]) => (
          <Fragment key={key}>
            <dt>{ledgerFigureLabels[key]}</dt>
            <dd>{formatKroner(amount)}</dd>
          </Fragment>
        ))}
    </>
  );
}

function PayOutstanding({ token, target, amount }: { token: string; target?: string; amount: number }) {
  const [state, setState] = useState<Sending>({ state: "idle" });
  const pay = async () => {
    setState({ state: "sending" });
    const result = await payOutstanding(token, target);
    if (result.kind === "redirect") {
      rememberPersonalLink(window.location.pathname);
      window.location.assign(result.url);
    } else setState({ state: "error", message: result.detail });
  };
  return (
    <div className="notice my-outstanding" role="status">
      <p>
        Endringen koster <strong>{formatKroner(amount)}</strong> mer, og det er ikke betalt ennå.
      </p>
      {state.state === "error" && (
        <p className="field-error" role="alert">
          {state.message}
        </p>
      )}
      <button type="button" className="vipps-button" onClick={() => void pay()} disabled={state.state === "sending"}>
        {state.state === "sending" ? "Åpner Vipps …" : `Betal ${formatKroner(amount)} med Vipps`}
      </button>
    </div>
  );
}

function AddCompanionForm({ onAdd }: { onAdd: (companion: CompanionDraft) => Promise<ActionResult> }) {
  const idp = useIdPrefix();
  const landmarkId = useLandmarkId();
  const [open, setOpen] = useState(false);
  const [companion, setCompanion] = useState<CompanionDraft>(() => newCompanion(newId()));
  const [errors, setErrors] = useState<FieldErrors<CompanionField>>({});
  const [sending, setSending] = useState<Sending>({ state: "idle" });
  const set = <K extends keyof CompanionDraft>(field: K, value: CompanionDraft[K]) => setCompanion((current) => ({ ...current, [field]: value }));
  if (!open) {
    return (
      <section aria-labelledby={landmarkId(`${idp}my-add`)}>
        <H id={`${idp}my-add`}>Ledsager</H>
        <button type="button" className="button secondary my-add-button" onClick={() => setOpen(true)}>
          Legg til ledsager
        </button>
      </section>
    );
  }
  const submit = async () => {
    const found = validateCompanion(companion);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending({ state: "sending" });
    const result = await onAdd(companion);
    if (result.kind === "ok") {
      if (!result.payUrl) {
        setOpen(false);
        setCompanion(newCompanion(newId()));
        setSending({ state: "idle" });
      }
    } else if (result.kind === "invalid") {
      setErrors(Object.fromEntries(result.issues.map((issue) => [issue.path.split(".").pop()!, issue.message])));
      setSending({ state: "error", message: result.message });
    } else
      setSending({ state: "error", message: result.kind === "conflict" ? result.message : "Vi fikk ikke lagt til ledsageren. Prøv igjen om litt." });
  };
  return (
    <section aria-labelledby={landmarkId(`${idp}my-add`)}>
      <H id={`${idp}my-add`}>Legg til ledsager</H>
      <p className="field-hint">
        En ledsager må være myndig. Prisen er den som gjaldt da du meldte på; det nye beløpet betaler du med samme betalingsmåte som før.
      </p>
      <form
        className="my-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          id={`${idp}add-first`}
          label="Fornavn"
          autoComplete="off"
          value={companion.firstName}
          onChange={(value) => set("firstName", value)}
          error={errors.firstName}
        />
        <TextField
          id={`${idp}add-last`}
          label="Etternavn"
          autoComplete="off"
          value={companion.lastName}
          onChange={(value) => set("lastName", value)}
          error={errors.lastName}
        />
        <AgeField id={`${idp}add-age`} label="Alder" value={companion.age} onChange={(value) => set("age", value)} error={errors.age} />
        <TextField
          id={`${idp}add-phone`}
          label="Ledsagerens telefon"
          type="tel"
          inputMode="tel"
          value={companion.telephone}
          onChange={(value) => set("telephone", value)}
          error={errors.telephone}
        />
        <TextField
          id={`${idp}add-email`}
          label="Ledsagerens e-post"
          type="email"
          inputMode="email"
          value={companion.email}
          onChange={(value) => set("email", value)}
          error={errors.email}
        />
        <CheckboxField
          id={`${idp}add-sleepover`}
          label="Ledsageren overnatter i hallen"
          checked={companion.sleepover}
          onChange={(value) => set("sleepover", value)}
        />
        {sending.state === "error" && (
          <p className="field-error" role="alert">
            {sending.message}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button" disabled={sending.state === "sending"}>
            {sending.state === "sending" ? "Legger til …" : "Legg til ledsageren"}
          </button>
          <button type="button" className="button secondary" onClick={() => setOpen(false)} disabled={sending.state === "sending"}>
            Avbryt
          </button>
        </div>
      </form>
    </section>
  );
}

function NotFound() {
  return (
    <Frame title="Fant ikke påmeldingen">
      <p>
        Lenken virker ikke. Sjekk at du har åpnet hele lenken fra e-posten, eller få en ny på{" "}
        <Link to={myRegistrationPath}>Finn påmeldingen min</Link>. Får du det ikke til, skriv til {contact}.
      </p>
    </Frame>
  );
}

function Frame({ title, headingRef, children }: { title: string; headingRef?: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <div className="page my-registration">
      <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h1>
      {children}
    </div>
  );
}

export default function MyRegistrationPage() {
  return <MyRegistration />;
}
