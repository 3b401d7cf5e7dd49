import type { SchemaName } from "./api-schemas.ts";

/** What a call answers on success: its kind, and for JSON the schema (api-schemas.ts). */
export type Answer =
  | { kind: "json"; schema: SchemaName; list?: boolean; description: string; status?: number }
  | { kind: "text"; description: string; values?: readonly string[]; status?: number }
  | { kind: "csv"; description: string; status?: number }
  | { kind: "none"; description: string; status?: number };

export interface ApiCall {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** As registered with Fastify: `/api/Invoice/Get/:token`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  admin?: boolean;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A JSON body without a schema of ours is described as an object. */
  body?: { kind: "json"; schema?: SchemaName; description?: string } | { kind: "file"; description?: string };
  answer: Answer;
  /** Error answers beyond 400 and (admin) 401, by status. */
  errors?: Record<number, string>;
}
