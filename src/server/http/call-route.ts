import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { BodySchemaOf, Call, CallAnswer, QuerySchemaOf } from "../../shared/api/call.ts";
import type { ErrorBody } from "../../shared/api/error-body.ts";
import { requireCampRole } from "../admin-auth/camp-account.ts";
import { requireAdmin } from "../admin-auth/require-admin.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The declaration a route was registered from (the OpenAPI document describes the route by it). */
    call?: Call;
  }
}

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;
type Sent<Answer extends CallAnswer> = Answer extends { kind: "json"; schema: infer Schema extends z.ZodType } ? z.input<Schema> : string | Buffer;

/** What a declared call's handler gets: its path parameters, query and body already parsed by its schemas. */
export interface CallRoute<C extends Call> {
  Params: z.output<C["params"]>;
  Querystring: Parsed<QuerySchemaOf<C>>;
  Body: Parsed<BodySchemaOf<C>>;
  Reply: Sent<C["answer"]> | ErrorBody;
}

export type CallRequest<C extends Call> = FastifyRequest<CallRoute<C>>;
export type CallReply<C extends Call> = FastifyReply<CallRoute<C>>;
export type CallHandler<C extends Call> = (request: CallRequest<C>, reply: CallReply<C>) => Promise<CallReply<C>>;

/** What a route adds to its declaration: the server's own limits. */
export interface CallRouteOptions {
  bodyLimit?: number;
  config?: Omit<FastifyContextConfig, "call">;
}

/**
 * Registers a declared call (src/shared/api/call.ts): its path parameters, query and body are validated on the
 * route by their zod schemas (fastify-type-provider-zod; a refusal is the usual 400 ErrorBody, errors.ts), so
 * the handler gets them parsed. A camp account's token, or another area's (`areaAccess`, require-admin.ts),
 * is checked before validation, so a stranger learns nothing about the body from the answer (401 first, as
 * before).
 */
export function routeCall<C extends Call>(app: FastifyInstance, call: C, options: CallRouteOptions, handler: CallHandler<C>): void {
  // Fastify hands the validator a missing body as null: it is absent (a schema's default applies), as JSON
  // `null` is, the way the handlers' own parsing read `request.body` before.
  const validate: RouteOptions["validatorCompiler"] = (route) => {
    const compiled = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return route.httpPart === "body" ? (data: unknown) => compiled(data ?? undefined) : compiled;
  };
  app.route({
    method: call.method,
    url: call.path,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    config: { ...options.config, call },
    schema: { params: call.params, ...(call.query ? { querystring: call.query } : {}), ...(call.body ? { body: call.body } : {}) },
    validatorCompiler: validate,
    ...(call.access.kind === "camp" ? { preValidation: requireCampRole(...call.access.roles) } : {}),
    ...(call.access.kind === "area" ? { preValidation: requireAdmin(call.access.area) } : {}),
    handler: handler as unknown as RouteHandlerMethod,
  });
}
