// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { AdminPerson } from "../../../shared/camp/camp-lists.ts";
import { AdminDetails } from "./AdminDetails.tsx";
import { adminPerson } from "./admin-person.fixture.ts";

const person: AdminPerson = adminPerson({
  registrationId: 7,
  age: 30,
  club: "Bergen Vest",
  grade: "2. Dan",
  gradering: false,
  amount: 1200,
  paid: 1200,
  allergies: "",
  otherinfo: "",
  paymentState: "paid",
  createdAt: "2026-10-12T18:04:00Z",
});

afterEach(cleanup);

describe("AdminDetails: personal data on request", () => {
  it("links to the person export and anonymises only after 'Ja, slett'", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ changed: true }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const onChanged = vi.fn(async () => {});
    render(<AdminDetails person={person} token="tok en" onBack={() => {}} onChanged={onChanged} onUnauthorised={() => {}} />);

    const download = screen.getByRole("link", { name: "Last ned personopplysninger" });
    expect(download.getAttribute("href")).toBe("/api/VinterleirAdmin/PersonExport/7/tok%20en");
    expect(download.hasAttribute("download")).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Slett personopplysninger" }));
    expect(screen.getByText(/slette personopplysningene til Ola Nordmann for godt/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Nei" }));
    // Only reads (the history, the clubs and grades of «Rett påmeldingen»); nothing was anonymised.
    expect((fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(([, init]) => init?.method === "POST")).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Slett personopplysninger" }));
    fireEvent.click(screen.getByRole("button", { name: "Ja, slett" }));
    await waitFor(() => expect(screen.getByText(/Personopplysningene er slettet/)).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledWith("/api/VinterleirAdmin/Forget/7/tok%20en", expect.objectContaining({ method: "POST" }));
    expect(onChanged).toHaveBeenCalled();
  });

  it("says when the data was anonymised and offers no second deletion", () => {
    render(
      <AdminDetails
        person={{ ...person, firstname: "Anonymisert", anonymisedAt: "2026-12-31T00:00:00Z" }}
        token="t"
        onBack={() => {}}
        onChanged={async () => {}}
        onUnauthorised={() => {}}
      />,
    );
    expect(screen.getByText(/ble anonymisert/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Slett personopplysninger" })).toBeNull();
  });
});
