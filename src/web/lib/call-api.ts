import { callPath, type Call, type CallAnswerOf, type CallBody, type CallParams, type CallQuery } from "../../shared/api/call.ts";
import type { ErrorBody } from "../../shared/api/error-body.ts";
import { ApiError, parseErrorBody, send, type ApiGet } from "./api-client.ts";

/**
 * The browser's side of a declared call (src/shared/api/call.ts): the address from the declaration's path and
 * the given parameters, the body as its schema takes it, the answer read by its schema. What a refusal means
 * stays with each feature's calls (`*-api.ts`): they turn the outcome into what their page shows.
 */

type Present<T> = undefined extends T ? { query?: T } : { query: T };

/** A call's path parameters, its query (when it takes one) and its body (when it takes one). */
export type CallInput<C extends Call> = { params: CallParams<C> } & (CallQuery<C> extends undefined ? { query?: undefined } : Present<CallQuery<C>>) &
  (CallBody<C> extends undefined ? { body?: undefined } : { body: CallBody<C> });

export type CallOutcome<Answer> =
  | { kind: "ok"; status: number; answer: Answer }
  /** The server said no: its status, and its ErrorBody when it sent one (Norwegian, with the field messages). */
  | { kind: "refused"; status: number; error: ErrorBody | undefined; text: string }
  /** A 2xx that is not the declared answer (an error page, a proxy's answer). */
  | { kind: "unreadable"; status: number; detail: string };

/**
 * Sends a declared call and reads its answer by the declaration. No answer at all (no network) throws the
 * ApiError `send` throws. A GET may go through another transport: a route loader on the server passes the
 * server's own (lib/page-api.ts).
 */
export async function callApi<C extends Call>(call: C, input: CallInput<C>, get?: ApiGet): Promise<CallOutcome<CallAnswerOf<C>>> {
  const path = callPath(call, input.params, input.query as Record<string, string | undefined> | undefined);
  const response =
    call.method === "GET" && get
      ? await get(path)
      : await send(path, {
          method: call.method,
          ...(input.body === undefined ? {} : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(input.body) }),
        });
  const status = response.status;
  const text = await response.text().catch(() => "");
  if (!response.ok) return { kind: "refused", status, error: parseErrorBody(text), text };
  if (call.answer.kind !== "json") return { kind: "ok", status, answer: text.trim() as CallAnswerOf<C> };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: "unreadable", status, detail: `${call.method} ${path} svarte ikke med JSON: ${text.slice(0, 300)}` };
  }
  const parsed = call.answer.schema.safeParse(json);
  if (!parsed.success) return { kind: "unreadable", status, detail: `${call.method} ${path} svarte med uventede data: ${parsed.error.message}` };
  return { kind: "ok", status, answer: parsed.data as CallAnswerOf<C> };
}

/** A declared read whose answer must fit: the answer, or an ApiError with the status (404 and the like). */
export async function readCall<C extends Call>(call: C, input: CallInput<C>, get?: ApiGet): Promise<CallAnswerOf<C>> {
  const outcome = await callApi(call, input, get);
  if (outcome.kind === "ok") return outcome.answer;
  if (outcome.kind === "unreadable") throw new ApiError(outcome.detail, outcome.status);
  throw new ApiError(`${call.method} ${callPath(call, input.params)} svarte ${outcome.status}: ${outcome.text.slice(0, 300)}`, outcome.status);
}

/**
 * A declared write as `writeJson` made it: the answer, or an ApiError whose message is the server's own with
 * its field messages after it (a form shows it as it is), or one that says the answer did not fit.
 */
export async function writeCall<C extends Call>(call: C, input: CallInput<C>): Promise<CallAnswerOf<C>> {
  const outcome = await callApi(call, input);
  if (outcome.kind === "ok") return outcome.answer;
  if (outcome.kind === "unreadable") throw new ApiError(outcome.detail, outcome.status);
  const message = [outcome.error?.error, ...(outcome.error?.issues?.map((issue) => issue.message) ?? [])].filter(Boolean).join(" ");
  throw new ApiError(message || `${call.method} svarte ${outcome.status}`, outcome.status);
}
