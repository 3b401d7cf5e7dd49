import { vi } from "vitest";

/** One answer from the mocked API: JSON of `body` (or `body` as text), with `status` (200 unless told). */
export type Answer = { status?: number; body: unknown; text?: boolean };

export interface ApiCall {
  method: string;
  url: string;
  /** Only with `withInit`: what the page passed to fetch (body, headers). */
  init?: RequestInit;
}

/** Every fetch since the last `mockApi`, in order (each test file has its own). */
export const calls: ApiCall[] = [];

/**
 * Stubs fetch to answer by path prefix (the longest that fits); each prefix gives its answers in turn and
 * repeats the last one. A path with no answer throws, as a network failure would.
 */
export function mockApi(answers: Record<string, Answer[]>, { withInit = false }: { withInit?: boolean } = {}) {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push(withInit ? { method, url, init } : { method, url });
      const key = Object.keys(answers)
        .filter((prefix) => url.startsWith(prefix))
        .sort((a, b) => b.length - a.length)[0];
      const list = key ? answers[key]! : [];
      const answer = list.length > 1 ? list.shift()! : list[0];
      if (!answer) throw new Error(`unexpected fetch ${url}`);
      return new Response(answer.text ? String(answer.body) : JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
}
