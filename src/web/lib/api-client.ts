import { z } from "zod";
import { ErrorBodySchema } from "../../shared/api/error-body.ts";
import { signOutCall, type AdminApiName, type SignOutScope } from "../../shared/admin/admin-api.ts";

/**
 * The browser's transport to the server (the calls of docs/requirements.md §7): every fetch goes through
 * `send`, so each call reads its answer the same careful way and a page never mistakes an error page for data.
 * The calls themselves live beside their feature (`*-api.ts`); what every admin area shares (sign-in,
 * sign-out, a plain admin POST) stays here.
 */

/** A call that did not give a usable answer; `detail` is for the collapsible technical message. */
export class ApiError extends Error {
  constructor(
    readonly detail: string,
    readonly status?: number,
  ) {
    super(detail);
    this.name = "ApiError";
  }
}

export async function send(path: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, headers: { Accept: "application/json, text/plain", ...init?.headers } });
  } catch (error) {
    throw new ApiError(`Fikk ikke kontakt med serveren (${path}): ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A GET: `send` in the browser; a route loader on the server passes the server's own (lib/page-api.ts). */
export type ApiGet = (path: string) => Promise<Response>;

/**
 * A GET whose JSON answer must fit `schema`. The schema may still be on its way (a lazily imported module):
 * it is fetched alongside the answer, so a page can leave a large schema out of what it loads up front.
 */
export async function getJson<T>(path: string, schema: z.ZodType<T> | Promise<z.ZodType<T>>, get: ApiGet = send): Promise<T> {
  const [response, answerSchema] = await Promise.all([get(path), schema]);
  const body = await response.text();
  if (!response.ok) throw new ApiError(`GET ${path} svarte ${response.status}: ${body.slice(0, 300)}`, response.status);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new ApiError(`GET ${path} svarte ikke med JSON: ${body.slice(0, 300)}`, response.status);
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) throw new ApiError(`GET ${path} svarte med uventede data: ${parsed.error.message}`, response.status);
  return parsed.data;
}

/**
 * A write (POST or PUT) of a JSON body whose JSON answer must fit `schema`. A refusal throws an ApiError whose
 * message is the server's own, its field messages after it, so a form can show it as it is.
 */
export async function writeJson<T>(method: "POST" | "PUT", path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
  const response = await send(path, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const text = await response.text().catch(() => "");
  if (!response.ok) {
    const error = parseErrorBody(text);
    throw new ApiError(
      [error?.error, ...(error?.issues?.map((issue) => issue.message) ?? [])].filter(Boolean).join(" ") || `${method} svarte ${response.status}`,
      response.status,
    );
  }
  return schema.parse(JSON.parse(text));
}

/** One of the server's Norwegian messages about a field of a 400 answer. */
export interface ApiIssue {
  /** Dotted path into the posted body, "" for the whole of it ("ledsagere.0.email"). */
  path: string;
  message: string;
}

/** The shared error body (`{ error, issues? }`) of an answer, or undefined when it is something else. */
export function parseErrorBody(body: string): z.infer<typeof ErrorBodySchema> | undefined {
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** An absolute http(s) address, or a path on this site (the built-in Vipps simulator may answer with one). */
export function paymentUrl(text: string): string | undefined {
  if (/^\/(?!\/)\S*$/.test(text)) return text;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

// ---------- Admin sign-in and sign-out, the same for every admin area ----------

export type AdminLoginResult =
  | { kind: "ok"; token: string }
  | { kind: "wrong" }
  /** Throttled, not configured or unreachable: a Norwegian message to show as it is. */
  | { kind: "failed"; message: string };

/** Any area's GetToken call: a text token, or a JSON body meaning no (docs/requirements.md §7 and D4). */
export async function requestAdminToken(path: string): Promise<AdminLoginResult> {
  let response: Response;
  let body: string;
  try {
    response = await send(path);
    body = (await response.text()).trim();
  } catch {
    return { kind: "failed", message: "Fikk ikke kontakt med serveren. Sjekk nettforbindelsen og prøv igjen." };
  }
  const isJson = body.startsWith("{");
  if (response.ok && !isJson && body !== "") return { kind: "ok", token: body };
  if (response.status === 401 || (response.ok && isJson)) return { kind: "wrong" };
  const error = isJson ? parseErrorBody(body)?.error : undefined;
  return { kind: "failed", message: error ?? `Innloggingen virket ikke (HTTP ${response.status}). Prøv igjen senere.` };
}

/** An admin POST with no answer to read: throws an ApiError (with the server's message) unless 2xx. */
export async function postAdminAction(path: string): Promise<void> {
  const response = await send(path, { method: "POST" });
  const body = await response.text().catch(() => "");
  if (!response.ok) {
    const error = parseErrorBody(body)?.error;
    throw new ApiError(error ?? `POST svarte ${response.status}: ${body.slice(0, 300) || "tomt svar"}`, response.status);
  }
}

/** POST /api/{area}/Logout/{token} or …/LogoutAll/{token}: ends this token, or all of the area's, on the server. */
export function endAdminSession(apiName: AdminApiName, token: string, scope: SignOutScope): Promise<void> {
  return postAdminAction(`/api/${apiName}/${signOutCall[scope]}/${encodeURIComponent(token)}`);
}
