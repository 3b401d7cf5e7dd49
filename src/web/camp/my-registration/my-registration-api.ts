import { z } from "zod";
import { campRegistrationStatuses } from "../../../shared/camp/camp-lists.ts";
import { groupMemberParam, type MyGroupView, type MyRegistrationView } from "../../../shared/camp/camp-my-registration.ts";
import type { MyRegistrationChange } from "../../../shared/camp/camp-registration-changes.ts";
import type { CompanionDraft } from "../../../shared/camp/camp-registration-fields.ts";
import { ApiError, getJson, parseErrorBody, paymentUrl, send, type ApiIssue } from "../../lib/api-client.ts";

const MyPersonSchema = z.object({
  key: z.string(),
  kind: z.enum(["athlete", "companion"]),
  firstName: z.string(),
  lastName: z.string(),
  amount: z.number(),
  cancelled: z.boolean(),
  refundIfCancelledToday: z.number(),
  paidForIfCancelledToday: z.number(),
});

const RegistrationViewSchema = z.object({
  orderId: z.string(),
  year: z.number(),
  status: z.enum(campRegistrationStatuses),
  firstDay: z.string(),
  lastDay: z.string(),
  venue: z.string(),
  persons: z.array(MyPersonSchema),
  lines: z.array(z.object({ label: z.string(), amount: z.number() })),
  total: z.number(),
  paymentMethod: z.enum(["vipps", "card_cash", "free"]).nullable(),
  paid: z.number(),
  refunded: z.number(),
  kept: z.number(),
  refundOwed: z.number(),
  outstanding: z.number(),
  paymentState: z.string(),
  fullRefundUntil: z.string(),
  laterShare: z.number(),
  refundTerms: z.string(),
  changeable: z.boolean(),
  email: z.string(),
  telephone: z.string(),
  allergies: z.string(),
  otherInfo: z.string(),
  vegan: z.boolean(),
  public: z.boolean(),
  sleepover: z.boolean(),
  gradering: z.boolean(),
  mayGrade: z.boolean(),
  maySleepOver: z.boolean(),
});

const MyGroupViewSchema = z.object({
  orderId: z.string(),
  total: z.number(),
  paymentMethod: z.enum(["vipps", "card_cash", "free"]).nullable(),
  paid: z.number(),
  refunded: z.number(),
  kept: z.number(),
  refundOwed: z.number(),
  outstanding: z.number(),
  paymentState: z.string(),
  members: z.array(RegistrationViewSchema),
}) satisfies z.ZodType<MyGroupView>;

const OneRegistrationViewSchema = RegistrationViewSchema.extend({ group: MyGroupViewSchema.optional() });
/** The link's first registration, and (a family's link) every further one behind it. */
const MyRegistrationViewSchema = OneRegistrationViewSchema.extend({
  family: z.array(OneRegistrationViewSchema).optional(),
}) satisfies z.ZodType<MyRegistrationView>;

/** `target`: which registration behind the link the call is for (its order id); the link's first without it. */
const path = (call: string, token: string, target?: string) =>
  `/api/MinPamelding/${call}/${encodeURIComponent(token)}${target ? `?${groupMemberParam}=${encodeURIComponent(target)}` : ""}`;

/** GET /api/MinPamelding/Get/{token}: the registration, or "notfound" (unknown, malformed or anonymised link). */
export async function getMyRegistration(token: string): Promise<MyRegistrationView | "notfound"> {
  try {
    return await getJson(path("Get", token), MyRegistrationViewSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return "notfound";
    throw error;
  }
}

export type ActionResult =
  | { kind: "ok"; view: MyRegistrationView; refund?: number; payUrl?: string }
  /** 400: the server's message and issues, to show by the fields. */
  | { kind: "invalid"; message: string; issues: ApiIssue[] }
  /** 409: it can no longer be done, or the refund changed: the server's sentence. */
  | { kind: "conflict"; message: string }
  | { kind: "notfound" }
  | { kind: "failed"; detail: string };

async function post(url: string, body: unknown): Promise<ActionResult> {
  let response: Response;
  let text: string;
  try {
    response = await send(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    text = await response.text();
  } catch (error) {
    return { kind: "failed", detail: error instanceof ApiError ? error.detail : String(error) };
  }
  if (response.ok) {
    try {
      const json = JSON.parse(text) as { refund?: unknown; payUrl?: unknown };
      const view = MyRegistrationViewSchema.parse(json);
      const payUrl = typeof json.payUrl === "string" ? paymentUrl(json.payUrl) : undefined;
      return { kind: "ok", view, ...(typeof json.refund === "number" ? { refund: json.refund } : {}), ...(payUrl ? { payUrl } : {}) };
    } catch {
      return { kind: "failed", detail: `Uventet svar: ${text.slice(0, 300)}` };
    }
  }
  const error = parseErrorBody(text);
  if (response.status === 404) return { kind: "notfound" };
  if (response.status === 400 && error) return { kind: "invalid", message: error.error, issues: error.issues ?? [] };
  if (response.status === 409 && error) return { kind: "conflict", message: error.error };
  return { kind: "failed", detail: `HTTP ${response.status}: ${error?.error ?? (text.slice(0, 300) || "tomt svar")}` };
}

export function cancelPerson(token: string, person: string, expectedRefund: number, target?: string): Promise<ActionResult> {
  return post(path("Cancel", token, target), { person, expectedRefund });
}

/** POST /api/MinPamelding/AddCompanion/{token}: the view, and where to pay the difference with Vipps. */
export async function addCompanion(token: string, companion: CompanionDraft, target?: string): Promise<ActionResult & { payUrl?: string }> {
  const result = await post(path("AddCompanion", token, target), { ...companion, alreadyRegistered: false });
  return result;
}

/** POST /api/MinPamelding/Pay/{token}: the Vipps address for the open difference. */
export async function payOutstanding(
  token: string,
  target?: string,
): Promise<{ kind: "redirect"; url: string } | { kind: "failed"; detail: string }> {
  try {
    const response = await send(path("Pay", token, target), { method: "POST" });
    const text = (await response.text()).trim();
    const url = response.ok ? paymentUrl(text) : undefined;
    return url ? { kind: "redirect", url } : { kind: "failed", detail: parseErrorBody(text)?.error ?? `HTTP ${response.status}` };
  } catch (error) {
    return { kind: "failed", detail: error instanceof ApiError ? error.detail : String(error) };
  }
}

/** POST /api/MinPamelding/Grading/{token}: grading on (maybe with a Vipps address for the fee) or off (refund by the rule). */
export function setGrading(token: string, gradering: boolean, target?: string): Promise<ActionResult> {
  return post(path("Grading", token, target), { gradering });
}

export function changeMyRegistration(token: string, change: MyRegistrationChange, target?: string): Promise<ActionResult> {
  return post(path("Change", token, target), change);
}

/** POST /api/MinPamelding/Find: the same sentence for every address; an error only for a malformed one. */
export async function findMyRegistration(
  email: string,
): Promise<{ kind: "ok"; message: string } | { kind: "invalid"; message: string } | { kind: "failed"; detail: string }> {
  try {
    const response = await send("/api/MinPamelding/Find", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
    const text = await response.text();
    if (response.ok) return { kind: "ok", message: (JSON.parse(text) as { message: string }).message };
    const error = parseErrorBody(text);
    if (response.status === 400 && error) return { kind: "invalid", message: error.issues?.[0]?.message ?? error.error };
    return { kind: "failed", detail: `HTTP ${response.status}: ${error?.error ?? text.slice(0, 300)}` };
  } catch (error) {
    return { kind: "failed", detail: error instanceof ApiError ? error.detail : String(error) };
  }
}
