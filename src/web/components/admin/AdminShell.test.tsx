// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { ApiError } from "../../lib/api-client.ts";
import { AdminShell, forbiddenMessage, useAdminData, type AdminSession } from "./AdminShell.tsx";
import { createAdminTokenCookie } from "./admin-token.ts";

const cookie = createAdminTokenCookie("shellTestToken", 3600);

/** A fetch that fails as the browser fails one it cancels (a plain network error), or as the API refuses. */
let failFetch: (error?: Error) => void;
const fetchData = () =>
  new Promise<string>((_resolve, reject) => {
    failFetch = (error = new TypeError("Failed to fetch")) => reject(error);
  });

function Data({ session }: { session: AdminSession }) {
  const { data } = useAdminData(session, fetchData, "Kunne ikke hente listen.");
  return <p>{data ?? "Henter…"}</p>;
}

function Area() {
  return (
    <AdminShell
      className="admin-area"
      title="Testområdet"
      apiName="Invoice"
      cookie={cookie}
      hash={async () => "0".repeat(64)}
      login={async () => ({ kind: "ok", token: "tok2" })}
      wrongMessage="Feil passord."
      intro="Logg inn."
    >
      {(session) => <Data session={session} />}
    </AdminShell>
  );
}

beforeEach(() => {
  cookie.clear();
  document.cookie = "shellTestToken=tok1; Path=/";
});

describe("useAdminData", () => {
  it("ends the session when a fetch fails while the page is in use", async () => {
    render(<Area />);
    await screen.findByText("Henter…");
    failFetch();
    await screen.findByText("Kunne ikke hente listen.");
    expect(cookie.read()).toBeUndefined();
  });

  it("tells an account without the role that it has no access here (an innsjekk account on a leader's list)", async () => {
    render(<Area />);
    await screen.findByText("Henter…");
    failFetch(new ApiError("Ingen tilgang.", 403));
    await screen.findByText(forbiddenMessage);
    expect(screen.queryByText("Kunne ikke hente listen.")).toBeNull();
  });

  it("keeps the session when the fetch fails because the page is going away (a reload)", async () => {
    render(<Area />);
    await screen.findByText("Henter…");
    window.dispatchEvent(new Event("beforeunload"));
    failFetch();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cookie.read()).toBe("tok1");
    expect(screen.queryByRole("button", { name: "Logg inn" })).toBeNull();
    window.dispatchEvent(new Event("pageshow"));
  });
});
