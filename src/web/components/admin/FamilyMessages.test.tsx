// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { messageGreetingHint } from "../../../shared/messages/message-greeting.ts";
import type { AdminSession } from "./AdminShell.tsx";
import { mockApi } from "../../test-support/mock-api.ts";
import { FamilyMessages } from "./FamilyMessages.tsx";

const session: AdminSession = { token: "tok123", signOut: vi.fn(), logOut: { busy: false, run: vi.fn() } };

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderForm() {
  mockApi({ "/api/Melding/Get/": [{ body: [] }] });
  render(
    <FamilyMessages
      session={session}
      slug="cupgradering-desember"
      eventName="Cupgradering desember"
      intro="Til dem som har meldt seg på."
      segments={["all"]}
      day={{ fixed: "2026-12-05" }}
      pickable={[]}
      canAttachProgramme={false}
    />,
  );
}

const start = () => screen.getByTestId("message-start").textContent ?? "";

describe("«Send melding»: how the mail begins", () => {
  it("the hint says the one rule; a text opening with «Hei {navn}!» shows one greeting, filled with the registered person's name", () => {
    renderForm();
    expect(screen.getByText(messageGreetingHint, { exact: false })).toBeTruthy();
    const body = screen.getByLabelText("Melding");
    fireEvent.change(body, { target: { value: "Hei {navn}!\n\nVelkommen til gradering." } });
    expect(start()).toBe("Hei Kari Nordmann!\n\nDenne meldingen gjelder Emma Nordmann.\n\nVelkommen til gradering.");
    expect(start().match(/Hei/g)).toHaveLength(1);
  });

  it("a text without a greeting gets the mail's; «Hei alle sammen,» keeps its own", () => {
    renderForm();
    const body = screen.getByLabelText("Melding");
    fireEvent.change(body, { target: { value: "Husk dobok, {deltakere}." } });
    expect(start()).toBe("Hei Kari Nordmann!\n\nDenne meldingen gjelder Emma Nordmann.\n\nHusk dobok, Emma.");
    fireEvent.change(body, { target: { value: "Hei alle sammen,\nhusk dobok." } });
    expect(start()).toBe("Hei alle sammen,\nhusk dobok.\n\nDenne meldingen gjelder Emma Nordmann.");
  });
});
