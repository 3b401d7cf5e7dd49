import { z } from "zod";

/**
 * «Send melding»: who a message from the leader goes to, what it says, and when. One shape for the form,
 * the server's check, the OpenAPI document and the log.
 */
export const messageSegments = [
  "all",
  "paid",
  "unpaid",
  "waiting",
  "offered",
  "checkedIn",
  "notCheckedIn",
  "sleepover",
  "gradering",
  "instructors",
  "companions",
  "picked",
] as const;
export type MessageSegment = (typeof messageSegments)[number];

/** The segments that need a camp day (or, for a club event, its one day). */
export const segmentsWithDay: readonly MessageSegment[] = ["checkedIn", "notCheckedIn"];

/** What the server knows of a club event (a grading, a course, a sale) when it decides which segments apply. */
export interface MessageEventShape {
  kind: "gradering" | "kurs" | "salg";
  firstDay: string;
  lastDay: string;
}

/**
 * Why a segment does not apply to a club event, in the words the leader reads; undefined when it does.
 * Sleepover, grading at the camp, instructors and companions are the camp's own. A sale has no waiting list
 * and its door marks orders picked up, not people checked in. The events' door keeps one check-in per
 * participant for the whole event, so it tells who came on a day only when the event has one day.
 */
export function eventSegmentRefusal(event: MessageEventShape, segment: MessageSegment): string | undefined {
  if (segment === "sleepover" || segment === "gradering" || segment === "instructors" || segment === "companions")
    return messageInputMessages.campOnlySegment;
  const sale = event.kind === "salg";
  if (sale && (segment === "waiting" || segment === "offered")) return messageInputMessages.saleHasNoWaitingList;
  if (segmentsWithDay.includes(segment)) {
    if (sale) return messageInputMessages.saleHasNoCheckIn;
    if (event.firstDay !== event.lastDay) return messageInputMessages.checkInNotPerDay;
  }
  return undefined;
}

/** The segments the leader may choose for a club event (the form offers only these; the server refuses the rest). */
export function eventMessageSegments(event: MessageEventShape): MessageSegment[] {
  return messageSegments.filter((segment) => eventSegmentRefusal(event, segment) === undefined);
}

export const messageSegmentLabels: Record<MessageSegment, string> = {
  all: "Alle påmeldte",
  paid: "Har betalt alt",
  unpaid: "Har noe igjen å betale",
  waiting: "På ventelisten",
  offered: "Tilbudt plass fra ventelisten",
  checkedIn: "Sjekket inn (dag)",
  notCheckedIn: "Ikke sjekket inn (dag)",
  sleepover: "Overnatter",
  gradering: "Skal gradere",
  instructors: "Instruktører",
  companions: "Har med ledsager",
  picked: "Valgte fra listen",
};

/**
 * The merge fields a text may use; each family's own value is put in when its mail is made. The family link
 * is a key: it only ever goes into the mail to that family's own address.
 */
export const mergeFields = {
  navn: "navnet til den som meldte på",
  deltakere: "deltakernes fornavn",
  lenke: "familiens lenke til «Min påmelding»",
  beløp: "det familien har igjen å betale",
} as const;
export type MergeField = keyof typeof mergeFields;

/** `{navn}` → the family's value; an unknown `{word}` is left as written. */
export function fillMergeFields(text: string, values: Record<MergeField, string>): string {
  return text.replace(/\{(navn|deltakere|lenke|beløp)\}/g, (_, field: MergeField) => values[field]);
}

export const messageLimits = { subject: 200, body: 10_000, orderIds: 500 } as const;

export const messageInputMessages = {
  segment: "Velg hvem meldingen skal til.",
  subject: "Skriv et emne (høyst 200 tegn).",
  body: "Skriv selve meldingen (høyst 10 000 tegn).",
  sendAt: "Tidspunktet for sending må være et gyldig tidspunkt.",
  day: "Velg hvilken leirdag innsjekkingen gjelder.",
  orderIds: "Velg minst én påmelding fra listen.",
  noRecipients: "Ingen i denne gruppen har en e-postadresse å sende til.",
  unknownOrder: "En av de valgte påmeldingene finnes ikke på denne leiren.",
  unknownEventOrder: "En av de valgte ordrene finnes ikke på dette arrangementet.",
  campOnlySegment: "Denne gruppen finnes bare for vinterleiren. Velg en annen gruppe for dette arrangementet.",
  saleHasNoWaitingList: "Et salg av klubbtøy har ingen venteliste. Velg en annen gruppe.",
  saleHasNoCheckIn: "Et salg har ingen innsjekking: døra merker bare bestillinger som hentet. Velg en annen gruppe.",
  checkInNotPerDay:
    "Døra sjekker inn hver deltaker én gang for hele arrangementet, ikke per dag, så innsjekking kan bare velges for et arrangement på én dag.",
  eventDay: "Innsjekkingen gjelder arrangementets dag. Velg den dagen.",
  programmeOnlyCamp: "Programmet (PDF) finnes bare for vinterleiren. Ta bort vedlegget.",
  unknownEvent: "Fant ikke arrangementet.",
  notFound: "Fant ikke meldingen.",
  alreadyQueued: "Meldingen er allerede sendt og kan ikke avlyses.",
  alreadyCancelled: "Meldingen er allerede avlyst.",
  reminderNotDue: "Påminnelsen kan ikke sendes nå: den er slått av, allerede sendt, tidspunktet er ikke kommet, eller leiren har begynt.",
} as const;

/**
 * How late the scheduler still sends a planned message by itself (the server was down at its time): later
 * than this it is left for the leader to send now or cancel, since what it says may no longer fit.
 */
export const plannedMessageGraceHours = 12;

/**
 * Where a message not yet sent stands: `waiting` for its time, `due` (its time has come; the scheduler sends
 * it within a minute), `missed` (its time passed more than `plannedMessageGraceHours` ago without it being
 * sent: it is not sent by itself). Null once it is sent or cancelled.
 */
export const plannedTimings = ["waiting", "due", "missed"] as const;
export type PlannedTiming = (typeof plannedTimings)[number];

/** Text without control characters other than line breaks and tabs (a header or a mail body must not carry them). */
const plainText = (max: number, message: string, multiline: boolean) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: message })
    .refine((value) => !(multiline ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/ : /[\u0000-\u001f\u007f]/).test(value), { error: message });

export const sendMessageSchema = z
  .object({
    segment: z.enum(messageSegments, { error: messageInputMessages.segment }),
    subject: plainText(messageLimits.subject, messageInputMessages.subject, false),
    body: plainText(messageLimits.body, messageInputMessages.body, true),
    /** ISO 8601 with offset; absent or past: send now. */
    sendAt: z.iso.datetime({ offset: true, error: messageInputMessages.sendAt }).optional(),
    /** The camp day (YYYY-MM-DD) of a check-in segment. */
    day: z.iso.date({ error: messageInputMessages.day }).optional(),
    orderIds: z
      .array(z.string().regex(/^[A-Z0-9-]{4,40}$/, { error: messageInputMessages.orderIds }), { error: messageInputMessages.orderIds })
      .max(messageLimits.orderIds, { error: messageInputMessages.orderIds })
      .optional(),
    /** Attach the camp's programme (PDF). */
    attachProgramme: z.boolean({ error: "Vedlegg må være ja eller nei." }).optional(),
  })
  .strict()
  .superRefine((value, context) => {
    if (segmentsWithDay.includes(value.segment) && !value.day) context.addIssue({ code: "custom", path: ["day"], message: messageInputMessages.day });
    if (value.segment === "picked" && !value.orderIds?.length)
      context.addIssue({ code: "custom", path: ["orderIds"], message: messageInputMessages.orderIds });
  });
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** A preview: the same input, and whose mail to show (an order id of the segment; default the first family). */
export const previewMessageSchema = z
  .object({
    message: sendMessageSchema,
    orderId: z
      .string()
      .regex(/^[A-Z0-9-]{4,40}$/)
      .optional(),
  })
  .strict();

export const recipientStateLabels = { queued: "I kø", sent: "Sendt", failed: "Feilet" } as const;
export type RecipientState = keyof typeof recipientStateLabels;

/** What «Send» answers: the message's id and how many families it goes to (one mail each). */
export const SentMessageSchema = z.object({ id: z.number().int(), recipients: z.number().int() });
/** What «Send igjen» answers: how many failed mails went back into the outbox. */
export const ResendAnswerSchema = z.object({ requeued: z.number().int() });

export const MessageLogEntrySchema = z.object({
  id: z.number().int(),
  segment: z.enum(messageSegments),
  day: z.string().nullable(),
  subject: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  sendAt: z.string(),
  queuedAt: z.string().nullable(),
  recipients: z.number().int(),
  counts: z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  attachment: z.string().nullable(),
  /** A planned message the leader cancelled before its time: when and by whom (never sent). */
  cancelledAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  /** A message not yet sent or cancelled: waiting for its time, due now, or missed (see plannedTimings). */
  timing: z.enum(plannedTimings).nullable(),
  /** Each family's state; the address and names are gone once the event's personal data is. */
  families: z.array(
    z.object({
      address: z.string().nullable(),
      participants: z.string().nullable(),
      state: z.enum(["queued", "sent", "failed"]),
      error: z.string().nullable(),
    }),
  ),
});
export type MessageLogEntry = z.infer<typeof MessageLogEntrySchema>;

export const MessagePreviewSchema = z.object({
  to: z.string(),
  replyTo: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  attachment: z.string().nullable(),
  recipients: z.array(z.object({ orderIds: z.array(z.string()), participants: z.string() })),
});
export type MessagePreview = z.infer<typeof MessagePreviewSchema>;

/** The reminder the site sends itself before the camp: on unless the leader turns it off; text edited per edition. */
export const ReminderSchema = z
  .object({
    enabled: z.boolean({ error: "Påminnelsen må være på eller av." }),
    daysBefore: z
      .number({ error: "Velg hvor mange dager før leiren (1–30)." })
      .int({ error: "Velg hvor mange dager før leiren (1–30)." })
      .min(1, { error: "Velg hvor mange dager før leiren (1–30)." })
      .max(30, { error: "Velg hvor mange dager før leiren (1–30)." }),
    subject: plainText(messageLimits.subject, messageInputMessages.subject, false),
    body: plainText(messageLimits.body, messageInputMessages.body, true),
  })
  .strict();
export type Reminder = z.infer<typeof ReminderSchema>;

/**
 * Where the reminder stands at the server's now: `off`; `planned` (its time is ahead); `due` (its time has
 * passed and the camp has not begun: the scheduler sends it within a minute, or the leader sends it now);
 * `sent` (with when and to how many families); `missed` (the camp began before it was sent: it never is).
 */
export const reminderStates = ["off", "planned", "due", "sent", "missed"] as const;
export type ReminderState = (typeof reminderStates)[number];

export const ReminderViewSchema = ReminderSchema.extend({
  sentMessageId: z.number().int().nullable(),
  sendsAt: z.string(),
  state: z.enum(reminderStates),
  /** When the reminder was sent (queued to the families), and to how many; null until then. */
  sentAt: z.string().nullable(),
  recipients: z.number().int().nullable(),
  /** When the camp's first day begins (Oslo): a reminder not sent by then is never sent. */
  campStartsAt: z.string(),
});
export type ReminderView = z.infer<typeof ReminderViewSchema>;

export const defaultReminder: Reminder = {
  enabled: true,
  daysBefore: 3,
  subject: "Snart vinterleir!",
  body: [
    "Vi gleder oss til å se {deltakere} på vinterleiren!",
    "",
    "Husk dobok (treningsdrakt), beskyttelsesutstyr, drikkeflaske og innesko. Overnatter dere, trengs liggeunderlag, sovepose og toalettsaker.",
    "",
    "Programmet ligger ved.",
  ].join("\n"),
};

/** The new-member admin writes to one, some or all interested (none named: all). */
export const newMemberMessageSchema = z
  .object({
    registrationIds: z
      .array(z.number().int().positive(), { error: "Velg hvem meldingen skal til." })
      .max(messageLimits.orderIds, { error: "Velg hvem meldingen skal til." })
      .optional(),
    subject: plainText(messageLimits.subject, messageInputMessages.subject, false),
    body: plainText(messageLimits.body, messageInputMessages.body, true),
  })
  .strict();
export type NewMemberMessageInput = z.infer<typeof newMemberMessageSchema>;

/** The key the new-member admin's messages are logged under. */
export const newMemberMessageSlug = "nye-medlemmer";
