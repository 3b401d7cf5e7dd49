/** One way of writing a log line, as pino takes it: a message, or fields and a message. */
export interface LogFn {
  (message: string): void;
  (fields: object, message?: string): void;
}

/**
 * What the services, jobs and workers log with: pino's shape (the app's logger, Fastify's, is a pino
 * logger), named here so that none of them needs Fastify's types; tests pass a recorder.
 */
export interface Logger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}
