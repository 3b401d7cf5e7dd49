// @vitest-environment happy-dom
import { lazy, Suspense } from "react";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { LoadFailedBoundary } from "./LoadFailedBoundary.tsx";

describe("LoadFailedBoundary", () => {
  it("shows its content when the code loads", async () => {
    const Area = lazy(async () => ({ default: () => <p>Listene</p> }));
    render(
      <LoadFailedBoundary>
        <Suspense fallback={<p>Laster...</p>}>
          <Area />
        </Suspense>
      </LoadFailedBoundary>,
    );
    expect(await screen.findByText("Listene")).toBeTruthy();
  });

  it("offers a reload instead of the error screen when the code cannot be fetched", async () => {
    // React reports the error it caught on the console; that is expected here.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Area = lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    render(
      <main>
        <h1>Vinterleiren – administrasjon</h1>
        <LoadFailedBoundary>
          <Suspense fallback={<p>Laster...</p>}>
            <Area />
          </Suspense>
        </LoadFailedBoundary>
      </main>,
    );
    expect((await screen.findByRole("alert")).textContent).toContain("last inn siden på nytt");
    expect(screen.getByRole("button", { name: "Last inn siden på nytt" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("administrasjon");
  });
});
