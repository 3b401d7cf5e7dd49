import { useEffect, useRef, useState } from "react";
import type { EventDetail } from "../../shared/events/event-api.ts";
import { EventOrderSchema, type EventOrderInput } from "../../shared/events/event-order.ts";
import { paymentUrl, type ApiIssue } from "../lib/api-client.ts";
import { submitEventOrder } from "./events-api.ts";
import { emptyParticipant, type ParticipantDraft } from "./participant-draft.ts";

export type Step = "who" | "contact" | "pay" | "done";
export const steps: Step[] = ["who", "contact", "pay"];

type OrderItem = { itemId: string; variant: string; quantity: number };

function newDraftId(): string {
  return globalThis.crypto.randomUUID();
}

/** The sale's lines with a number above nought, from the form's "item\u0000variant" keys. */
function orderItems(quantities: Record<string, number>): OrderItem[] {
  return Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([key, quantity]) => {
      const [itemId, variant] = key.split("\u0000") as [string, string];
      return { itemId, variant, quantity };
    });
}

/** What the order costs: the items' prices for a sale, each participant's price band (or the event's price) otherwise. */
function orderTotal(event: EventDetail, items: OrderItem[], participants: ParticipantDraft[]): number {
  return event.kind === "salg"
    ? items.reduce((sum, line) => sum + (event.items.find((item) => item.id === line.itemId)?.price ?? 0) * line.quantity, 0)
    : participants.reduce((sum, person) => {
        const age = Number(person.age) || 0;
        const band = [...event.priceBands].sort((a, b) => a.maxAge - b.maxAge).find((candidate) => age <= candidate.maxAge);
        return sum + (band ? band.price : (event.price ?? 0));
      }, 0);
}

/** The shared schema's messages for the fields under `prefixes`, and a sale's missing items. */
function orderIssues(body: EventOrderInput, prefixes: string[], noItems: boolean): ApiIssue[] {
  const parsed = EventOrderSchema.safeParse(body);
  const found = parsed.success
    ? []
    : parsed.error.issues
        .map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }))
        .filter((issue) => prefixes.some((prefix) => issue.path.startsWith(prefix)));
  if (prefixes.includes("items") && noItems) found.push({ path: "items", message: "Velg minst én vare." });
  return found;
}

/** The heading to focus: it follows a change of step (for a screen reader), never the page's first view. */
function useStepFocus(step: Step) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current !== step) heading.current?.focus();
    shownStep.current = step;
  }, [step]);
  return heading;
}

/** What is filled in over the steps, each with its setter. */
function useOrderFields() {
  const [participants, setParticipants] = useState<ParticipantDraft[]>([emptyParticipant()]);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [contact, setContact] = useState({ firstName: "", lastName: "", email: "", telephone: "" });
  const [consents, setConsents] = useState({ dataConsent: false, termsAccepted: false });
  const [vipps, setVipps] = useState(true);
  return { participants, setParticipants, quantities, setQuantities, contact, setContact, consents, setConsents, vipps, setVipps };
}

/**
 * The order form's state and steps: what has been filled in, the body sent, its total, and going on a step
 * (each step checked first) up to sending it. `onOrdered` as for EventForm.
 */
export function useEventOrder(event: EventDetail, onOrdered?: () => void | Promise<void>) {
  const isSale = event.kind === "salg";
  const [step, setStep] = useState<Step>("who");
  const [draftId] = useState(newDraftId);
  const fields = useOrderFields();
  const { participants, quantities, contact, consents, vipps } = fields;
  const [issues, setIssues] = useState<ApiIssue[]>([]);
  const [message, setMessage] = useState<string>();
  const [answer, setAnswer] = useState<"Done" | "Venteliste">();
  const [busy, setBusy] = useState(false);
  const heading = useStepFocus(step);

  const items = orderItems(quantities);
  const body: EventOrderInput = {
    draftId,
    ...consents,
    contact,
    participants: isSale ? [] : participants.map((person) => ({ ...person, age: Number(person.age) || 0 })),
    items: isSale ? items : [],
    vipps,
  };
  const total = orderTotal(event, items, participants);

  /** The shared schema's messages for the fields of this step, shown under the fields before going on. */
  function check(prefixes: string[]): boolean {
    const found = orderIssues(body, prefixes, isSale && items.length === 0);
    setIssues(found);
    return found.length === 0;
  }

  async function submit() {
    if (!check(["draftId", "dataConsent", "termsAccepted", "contact", "participants", "items", "vipps"])) return;
    setBusy(true);
    setMessage(undefined);
    const result = await submitEventOrder(event.slug, body).catch(() => ({
      kind: "error" as const,
      message: "Fikk ikke kontakt med serveren. Prøv igjen.",
      issues: [],
    }));
    setBusy(false);
    if (result.kind === "error") {
      setMessage(result.message);
      setIssues(result.issues);
      // A refusal may mean the places went meanwhile: show the count as it is now.
      void onOrdered?.();
      return;
    }
    if (result.text === "Done" || result.text === "Venteliste") {
      setAnswer(result.text);
      setStep("done");
      void onOrdered?.();
      return;
    }
    const url = paymentUrl(result.text);
    if (url) window.location.assign(url);
    else setMessage("Uventet svar fra serveren. Prøv igjen.");
  }

  /** The form's submit: the next step once this one's fields are right, and sending on the last. */
  function next() {
    if (step === "who" && check(isSale ? ["items"] : ["participants"])) setStep("contact");
    else if (step === "contact" && check(["contact", "dataConsent", "termsAccepted"])) setStep("pay");
    else if (step === "pay") void submit();
  }

  return {
    ...fields,
    isSale,
    step,
    setStep,
    issues,
    message,
    answer,
    busy,
    heading,
    body,
    total,
    next,
  };
}

export type EventOrderState = ReturnType<typeof useEventOrder>;
