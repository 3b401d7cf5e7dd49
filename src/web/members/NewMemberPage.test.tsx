// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost:3000/nyttmedlem"}
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { Referer, type NewMemberDraft } from "../../shared/members/new-member.ts";
import NewMemberPage from "./NewMemberPage.tsx";
import { clearNewMemberDraft, loadNewMemberDraft, NEW_MEMBER_COOKIE, saveNewMemberDraft } from "./new-member-draft.ts";

let posted: NewMemberDraft[];
let answers: (() => Response)[];

beforeEach(() => {
  posted = [];
  answers = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path !== "/api/NewMember/Post") throw new Error(`Unexpected fetch ${path}`);
      posted.push(JSON.parse(String(init?.body)));
      return (answers.shift() ?? (() => new Response("Done", { status: 200 })))();
    }),
  );
});
afterEach(() => {
  clearNewMemberDraft();
  vi.unstubAllGlobals();
});

function renderAt(url = "/nyttmedlem") {
  const Stub = createRoutesStub([
    { path: "/nyttmedlem", Component: NewMemberPage },
    { path: "/", Component: () => <p>Forsiden</p> },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole("button", { name: "Neste" }));
const nextButton = () => screen.getByRole("button", { name: "Neste" }) as HTMLButtonElement;

describe("the new-member wizard", () => {
  it("takes a child through Registration, Parent and Receipt and posts the required fields with referer QRCode", async () => {
    renderAt("/nyttmedlem?referer=qr");
    expect(screen.getByText("Steg 1 av 4")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Start" }));

    expect((screen.getByLabelText("Alder") as HTMLInputElement).value).toBe("12");
    expect(nextButton().disabled).toBe(true);
    type("Fornavn", "Sara");
    type("Etternavn", "Berg");
    type("Alder", "6");
    fireEvent.blur(screen.getByLabelText("Alder"));
    expect(screen.getByText("Må være 7 år eller eldre")).toBeTruthy();
    expect(nextButton().disabled).toBe(true);
    type("Alder", "9");
    // A child gives the guardian's contact details on the next step.
    expect(screen.queryByLabelText("E-post")).toBeNull();
    next();

    expect(screen.getByRole("heading", { name: "Foresatt" })).toBeTruthy();
    expect(screen.getByText("Steg 3 av 4")).toBeTruthy();
    type("Fornavn til den foresatte", "Lise");
    type("E-post til den foresatte", "lise@example.no,per@example.no");
    fireEvent.blur(screen.getByLabelText("E-post til den foresatte"));
    type("Telefonnummer til den foresatte", "12345");
    fireEvent.blur(screen.getByLabelText("Telefonnummer til den foresatte"));
    expect(screen.getByText("Ugyldig epost")).toBeTruthy();
    expect(screen.getByText("Ugyldig telefonnummer")).toBeTruthy();
    expect(nextButton().disabled).toBe(true);
    // Enter on a blocked step shows every message, including the untouched last name.
    fireEvent.keyDown(screen.getByLabelText("Fornavn til den foresatte"), { key: "Enter" });
    expect(screen.getByText("Du må legge inn etternavnet til en foresatt.")).toBeTruthy();
    type("Etternavn til den foresatte", "Berg");
    type("E-post til den foresatte", "lise@example.no");
    type("Telefonnummer til den foresatte", "912 34 567");
    next();

    expect(screen.getByRole("heading", { name: "Se over og send" })).toBeTruthy();
    expect(screen.getByText("Lise Berg")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send inn" }));
    await screen.findByRole("heading", { name: "Takk for interessen!" });
    expect(screen.getByText(/gratis prøvetime/)).toBeTruthy();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      firstName: "Sara",
      lastName: "Berg",
      age: 9,
      parentFirstName: "Lise",
      parentLastName: "Berg",
      email: "lise@example.no",
      telephone: "912 34 567",
      referer: Referer.QRCode,
    });
    expect(posted[0]!.draftId).toMatch(/^[0-9a-f-]{36}$/);
    // Done clears the stored draft.
    await waitFor(() => expect(document.cookie).not.toContain(NEW_MEMBER_COOKIE));
  });

  it("asks an adult for their own contact details and skips the Parent step", async () => {
    renderAt("/nyttmedlem?referer=email");
    fireEvent.click(screen.getByRole("button", { name: "Start" }));
    type("Fornavn", "Per");
    type("Etternavn", "Dahl");
    type("Alder", "34");
    expect(nextButton().disabled).toBe(true);
    type("E-post", "per@example.no");
    type("Telefonnummer", "+47 987 65 432");
    expect(screen.getByText("Steg 2 av 3")).toBeTruthy();
    next();
    expect(screen.getByRole("heading", { name: "Se over og send" })).toBeTruthy();
    expect(screen.queryByText("Foresatt")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Tilbake" }));
    expect(screen.getByRole("heading", { name: "Om utøveren" })).toBeTruthy();
    next();
    fireEvent.click(screen.getByRole("button", { name: "Send inn" }));
    await screen.findByRole("heading", { name: "Takk for interessen!" });
    expect(posted[0]).toMatchObject({ age: 34, email: "per@example.no", referer: Referer.Email, parentFirstName: "" });
  });

  it("treats any other referer as the website", async () => {
    renderAt("/nyttmedlem?referer=facebook");
    fireEvent.click(screen.getByRole("button", { name: "Start" }));
    expect(loadNewMemberDraft()?.draft.referer).toBe(Referer.Website);
  });

  it("restores a stored draft at its step, and clears a broken one", () => {
    const draft: NewMemberDraft = {
      draftId: "0b8a3b7e-1111-4222-8333-944455556666",
      firstName: "Sara",
      lastName: "Berg",
      age: 9,
      parentFirstName: "Lise",
      parentLastName: "",
      email: "",
      telephone: "",
      referer: Referer.QRCode,
    };
    saveNewMemberDraft({ draft, step: "Parent" });
    const { unmount } = renderAt();
    expect(screen.getByRole("heading", { name: "Foresatt" })).toBeTruthy();
    expect((screen.getByLabelText("Fornavn til den foresatte") as HTMLInputElement).value).toBe("Lise");
    unmount();

    document.cookie = `${NEW_MEMBER_COOKIE}=bm90IGpzb24=; Path=/nyttmedlem`;
    renderAt();
    expect(screen.getByRole("heading", { name: "Velkommen!" })).toBeTruthy();
  });

  it("shows a failed submit the camp way and keeps the page; a 400 shows the server's messages", async () => {
    answers = [
      () => new Response("Internal", { status: 500 }),
      () =>
        new Response(JSON.stringify({ error: "Noen av opplysningene er ugyldige.", issues: [{ path: "email", message: "Ugyldig epost" }] }), {
          status: 400,
        }),
    ];
    saveNewMemberDraft({
      draft: {
        draftId: "0b8a3b7e-1111-4222-8333-944455556666",
        firstName: "Per",
        lastName: "Dahl",
        age: 30,
        parentFirstName: "",
        parentLastName: "",
        email: "per@example.no",
        telephone: "98765432",
        referer: 0,
      },
      step: "Receipt",
    });
    renderAt();
    fireEvent.click(screen.getByRole("button", { name: "Send inn" }));
    await screen.findByText("Oisann! Noe gikk galt når vi prøvde å registrere deg.");
    expect(screen.getByText(/HTTP 500/)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Se over og send" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Send inn" }));
    await screen.findByText("Noe må rettes før vi kan ta imot skjemaet");
    fireEvent.click(screen.getByRole("button", { name: "Rett opp e-post" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Om utøveren" })).toBeTruthy());
    expect(screen.getByText("Ugyldig epost")).toBeTruthy();
  });
});
