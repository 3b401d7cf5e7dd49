import { z } from "zod";
import { campDataRoles, type CampRole } from "../admin/camp-accounts.ts";

/**
 * An API call declared once (docs/decisions/0041-calls-declared-once.md): its method and path, who may call
 * it, the zod schemas of what it takes and answers, its errors and a summary. The server registers its route
 * from the declaration (validation on the route), the OpenAPI document describes it from the same, and the
 * browser calls it through it (src/web/lib/call-api.ts), so a path or a shape is written in one place.
 */

/**
 * Anybody; or a camp account's token as the path's last segment (`:token`), with one of the roles; or the
 * token of another admin area (the new-member admin's, the invoice reminders'), which has no accounts or
 * roles: one password, and its tokens open the area's calls. A token is checked before the body, as a camp's.
 */
export type CallAccess = { kind: "public" } | { kind: "camp"; roles: readonly CampRole[] } | { kind: "area"; area: TokenArea };

/** The admin areas whose token is the area's own, not a camp account's (docs/decisions/0004-admin-auth.md). */
export type TokenArea = "newmember" | "invoice";

export const publicAccess = { kind: "public" } as const satisfies CallAccess;
/** Without roles: the roles that see the camp's and the events' data (`leder`, `innsjekk`). */
export const campAccess = (...roles: CampRole[]): CallAccess => ({ kind: "camp", roles: roles.length > 0 ? roles : campDataRoles });
/** The area's token as the path's last segment (`:token`). */
export const areaAccess = (area: TokenArea): CallAccess => ({ kind: "area", area });

/** What a call answers on success. */
export type CallAnswer =
  | { kind: "json"; schema: z.ZodType; description: string; statuses?: readonly number[] }
  /** Plain text (`Done`, a payment address, …). */
  | { kind: "text"; description: string; values?: readonly string[] }
  /** A download the browser saves itself (a plain link). */
  | { kind: "file"; contentType: string; description: string };

export const jsonAnswer = <Schema extends z.ZodType>(schema: Schema, description: string, statuses?: readonly number[]) =>
  ({ kind: "json", schema, description, ...(statuses ? { statuses } : {}) }) as const;
export const textAnswer = (description: string, values?: readonly string[]) =>
  ({ kind: "text", description, ...(values ? { values } : {}) }) as const;
export const fileAnswer = (contentType: string, description: string) => ({ kind: "file", contentType, description }) as const;

/** `"/api/X/:slug/:token"` → `"slug" | "token"`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParamsSchema<Path extends string> = z.ZodObject<{ [Name in PathParamNames<Path>]: z.ZodString }>;

export interface CallSpec<
  Path extends string = string,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Answer extends CallAnswer = CallAnswer,
> {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** As the server registers it: `/api/Arrangement/Get/:slug`. */
  path: Path;
  access: CallAccess;
  /** The group the OpenAPI document lists it under. */
  tag: string;
  summary: string;
  description?: string;
  query?: Query;
  /** The body as the server accepts it: the same shared schema the form validates with. */
  body?: Body;
  /**
   * Instead of a JSON body, a file's bytes as they are (an upload: the route's own parser takes them, the
   * handler reads them, nothing validates them on the route), with the headers that come with it. The
   * content type is what the sender sends (default `application/octet-stream`): JSON the handler must read
   * as bytes first, as a signed webhook's, is `application/json`.
   */
  upload?: { description: string; contentType?: string; headers?: Readonly<Record<string, string>> };
  answer: Answer;
  /** Refusals by status, said in Norwegian (the answer is always the shared ErrorBody). */
  errors?: Readonly<Record<number, string>>;
}

/** A declared call: its spec and the schema of its path parameters (each a string, named by the path). */
export type Call<
  Path extends string = string,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Answer extends CallAnswer = CallAnswer,
> = CallSpec<Path, Query, Body, Answer> & { params: PathParamsSchema<Path> };

export const pathParamNames = (path: string): string[] => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);

export function declareCall<
  const Path extends string,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  const Answer extends CallAnswer = CallAnswer,
>(spec: CallSpec<Path, Query, Body, Answer>): Call<Path, Query, Body, Answer> {
  if (spec.access.kind !== "public" && !spec.path.endsWith("/:token")) throw new Error(`An admin call takes its token last: ${spec.path}`);
  const params = z.object(Object.fromEntries(pathParamNames(spec.path).map((name) => [name, z.string()]))) as PathParamsSchema<Path>;
  return { ...spec, params };
}

/** The same call at another address with the same parameters: an old address that keeps answering. */
export function aliasCall<C extends Call>(call: C, path: string): C {
  if (pathParamNames(path).join() !== pathParamNames(call.path).join()) throw new Error(`An alias takes the call's parameters: ${path}`);
  return { ...call, path };
}

/** What the browser sends and reads, by the declaration. */
export type CallParams<C extends Call> = z.input<C["params"]>;
/** The query's and the body's schemas of a call (undefined when it takes none). */
export type QuerySchemaOf<C> = C extends Call<string, infer Query, z.ZodType | undefined> ? Query : undefined;
export type BodySchemaOf<C> = C extends Call<string, z.ZodType | undefined, infer Body> ? Body : undefined;
export type CallQuery<C extends Call> = QuerySchemaOf<C> extends z.ZodType ? z.input<QuerySchemaOf<C>> : undefined;
export type CallBody<C extends Call> = BodySchemaOf<C> extends z.ZodType ? z.input<BodySchemaOf<C>> : undefined;
export type CallAnswerOf<C extends Call> = C["answer"] extends { kind: "json"; schema: infer Schema extends z.ZodType } ? z.output<Schema> : string;

/** The call's address with its path parameters filled in (each encoded as one segment) and its query. */
export function callPath<C extends Call>(call: C, params: CallParams<C>, query?: Record<string, string | undefined>): string {
  const values = params as Record<string, string>;
  const path = call.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => encodeURIComponent(values[name] ?? ""));
  const search = new URLSearchParams(Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return search.size > 0 ? `${path}?${search}` : path;
}
