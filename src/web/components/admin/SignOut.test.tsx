// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { AdminShell, SignOutButton } from "./AdminShell.tsx";
import { createAdminTokenCookie } from "./admin-token.ts";
import { signOutMessages } from "./SignOut.tsx";
import { calls, mockApi } from "../../test-support/mock-api.ts";

const cookie = createAdminTokenCookie("testAdminToken", 3600);

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
      {(session) => (
        <div className="admin-toolbar">
          <SignOutButton session={session} />
        </div>
      )}
    </AdminShell>
  );
}

const signedIn = () => {
  document.cookie = "testAdminToken=tok1; Path=/";
  render(<Area />);
};
const loginShown = () => screen.findByRole("button", { name: "Logg inn" });

beforeEach(() => cookie.clear());
afterEach(() => vi.unstubAllGlobals());

describe("Logg ut", () => {
  it("ends the token on the server, forgets it here and puts the keyboard on the login form", async () => {
    mockApi({ "/api/Invoice/Logout/": [{ body: { ok: true } }] });
    signedIn();
    fireEvent.click(screen.getByRole("button", { name: "Logg ut" }));
    await loginShown();
    expect(calls).toEqual([{ method: "POST", url: "/api/Invoice/Logout/tok1" }]);
    expect(screen.getByText(signOutMessages.loggedOut).getAttribute("role")).toBe("status");
    expect(cookie.read()).toBeUndefined();
    // The focus moves in an effect after the form appears.
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Logg inn"));
  });

  it("forgets the token even when the server cannot be reached, and says what to do", async () => {
    mockApi({});
    signedIn();
    fireEvent.click(screen.getByRole("button", { name: "Logg ut" }));
    await loginShown();
    expect(calls.map((call) => call.url)).toEqual(["/api/Invoice/Logout/tok1"]);
    expect(screen.getByText(signOutMessages.loggedOutHereOnly)).toBeTruthy();
    expect(cookie.read()).toBeUndefined();
  });

  it("sends one call for a double click", async () => {
    mockApi({ "/api/Invoice/Logout/": [{ body: { ok: true } }] });
    signedIn();
    const button = screen.getByRole("button", { name: "Logg ut" });
    fireEvent.click(button);
    fireEvent.click(button);
    await loginShown();
    expect(calls).toHaveLength(1);
  });
});

describe("Logg ut overalt", () => {
  const everywhere = () => screen.getByRole("button", { name: "Logg ut overalt" });

  it("is explained to a screen reader and ends every token of the area", async () => {
    mockApi({ "/api/Invoice/LogoutAll/": [{ body: { ok: true } }] });
    signedIn();
    const help = document.getElementById(everywhere().getAttribute("aria-describedby")!);
    expect(help?.textContent).toMatch(/avslutter alle innlogginger til denne siden, på alle telefoner og datamaskiner/);
    expect(screen.getByRole("region", { name: "Innlogget på andre enheter?" })).toBeTruthy();
    fireEvent.click(everywhere());
    await loginShown();
    expect(calls).toEqual([{ method: "POST", url: "/api/Invoice/LogoutAll/tok1" }]);
    expect(screen.getByText(signOutMessages.loggedOutEverywhere)).toBeTruthy();
    expect(cookie.read()).toBeUndefined();
  });

  it("keeps the admin signed in to try again when the call fails", async () => {
    mockApi({ "/api/Invoice/LogoutAll/": [{ status: 503, body: { error: "Databasen svarer ikke" } }, { body: { ok: true } }] });
    signedIn();
    fireEvent.click(everywhere());
    expect((await screen.findByRole("alert")).textContent).toBe(signOutMessages.everywhereFailed);
    expect(cookie.read()).toBe("tok1");
    fireEvent.click(everywhere());
    await loginShown();
    expect(calls.map((call) => call.url)).toEqual(["/api/Invoice/LogoutAll/tok1", "/api/Invoice/LogoutAll/tok1"]);
    expect(screen.getByText(signOutMessages.loggedOutEverywhere)).toBeTruthy();
  });

  it("says so when the token had already run out (the others were not signed out)", async () => {
    mockApi({ "/api/Invoice/LogoutAll/": [{ status: 401, body: { error: "Unauthroized" } }] });
    signedIn();
    fireEvent.click(everywhere());
    await loginShown();
    expect(screen.getByText(signOutMessages.everywhereExpired)).toBeTruthy();
    await waitFor(() => expect(cookie.read()).toBeUndefined());
  });
});
