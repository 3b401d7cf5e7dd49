// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EventDefinition } from "../../shared/events/event-definition.ts";
import type { AdminWriteResult } from "./event-admin-api.ts";
import { EventEditor } from "./EventEditor.tsx";
import { draftFrom } from "./event-draft.ts";
import { template } from "./event-template.ts";

type Save = (slug: string, definition: EventDefinition) => Promise<AdminWriteResult | undefined>;

function renderEditor(kind: "gradering" | "kurs" | "salg", save: Save = vi.fn<Save>(async () => ({ ok: true })), takenSlugs: string[] = []) {
  render(<EventEditor slug="" initial={draftFrom({ ...template(kind), kind })} takenSlugs={takenSlugs} onSave={save} onCancel={() => {}} />);
  return save;
}

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const group = (name: string | RegExp, inside: HTMLElement = document.body) => within(inside).getByRole("group", { name });
const button = (name: string, inside: HTMLElement = document.body) => within(inside).getByRole("button", { name });

function fillCommon() {
  type(screen.getByLabelText("Adresse (/arrangementer/…)"), "sommerkurs-2027");
  type(screen.getByLabelText("Navn på arrangementet"), "Sommerkurs");
  type(screen.getByLabelText("Første dag"), "2027-06-21");
  type(screen.getByLabelText("Siste dag"), "2027-06-23");
  // A sale's window is the sale's own («Salget åpner»).
  type(within(group(/^(Påmeldingen|Salget) åpner$/)).getByLabelText("Dato"), "2027-03-01");
  type(within(group(/^(Påmeldingen|Salget) åpner$/)).getByLabelText("Klokkeslett"), "12:00");
  type(within(group(/^(Påmeldingen|Salget) stenger$/)).getByLabelText("Dato"), "2027-06-01");
  type(within(group(/^(Påmeldingen|Salget) stenger$/)).getByLabelText("Klokkeslett"), "23:59");
}

const common = {
  title: "Sommerkurs",
  firstDay: "2027-06-21",
  lastDay: "2027-06-23",
  venue: "",
  description: "",
  registrationOpensAt: "2027-03-01T11:00:00.000Z",
  registrationClosesAt: "2027-06-01T21:59:00.000Z",
  capacity: null,
};

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the course's questions", () => {
  it("are added, given options, reordered and removed, and saved as the definition the server takes", async () => {
    const save = renderEditor("kurs");
    fillCommon();
    type(screen.getByLabelText("Pris (kr)"), "500");
    for (let n = 0; n < 3; n++) fireEvent.click(button("Legg til spørsmål"));
    type(within(group("Spørsmål 1")).getByLabelText("Spørsmålet"), "Allergier?");
    type(within(group("Spørsmål 2")).getByLabelText("Spørsmålet"), "Skal slettes");
    type(within(group("Spørsmål 3")).getByLabelText("Spørsmålet"), "T-skjortestørrelse");
    fireEvent.change(within(group("Spørsmål 3")).getByLabelText("Type svar"), { target: { value: "choice" } });
    fireEvent.click(within(group("Spørsmål 3")).getByLabelText("Må besvares"));
    // A «Valg» question starts with two options; a third is added, and the last moved to the top.
    const choices = group("Valgene i spørsmål 3");
    type(within(choices).getByLabelText("Valg 1"), "S");
    type(within(choices).getByLabelText("Valg 2"), "M");
    fireEvent.click(button("Legg til valg i spørsmål 3"));
    type(within(choices).getByLabelText("Valg 3"), "L");
    fireEvent.click(button("Flytt opp valg 3 i spørsmål 3"));
    fireEvent.click(button("Flytt opp valg 2 i spørsmål 3"));
    expect(within(choices).getByLabelText("Valg 1")).toHaveProperty("value", "L");
    fireEvent.click(button("Fjern valg 3 i spørsmål 3"));
    // Question 2 goes, and the choice question moves above the allergies.
    fireEvent.click(button("Fjern spørsmål 2"));
    expect(screen.queryByDisplayValue("Skal slettes")).toBeNull();
    fireEvent.click(button("Flytt opp spørsmål 2"));
    expect(within(group("Spørsmål 1")).getByLabelText("Spørsmålet")).toHaveProperty("value", "T-skjortestørrelse");
    expect(button("Flytt opp spørsmål 1")).toHaveProperty("disabled", true);
    expect(button("Flytt ned spørsmål 2")).toHaveProperty("disabled", true);

    fireEvent.click(button("Lagre"));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith("sommerkurs-2027", {
      kind: "kurs",
      ...common,
      price: 500,
      priceBands: [],
      sleepover: false,
      questions: [
        { id: "sporsmal-3", label: "T-skjortestørrelse", type: "choice", required: true, choices: ["L", "S"] },
        { id: "sporsmal-1", label: "Allergier?", type: "text", required: false, choices: [] },
      ],
    });
  });

  it("show the schema's messages by the fields, keep what was typed, and send nothing", async () => {
    const save = renderEditor("kurs");
    fillCommon();
    type(screen.getByLabelText("Pris (kr)"), "5oo");
    fireEvent.click(button("Legg til spørsmål"));
    fireEvent.click(button("Legg til spørsmål"));
    type(within(group("Spørsmål 2")).getByLabelText("Spørsmålet"), "Størrelse");
    fireEvent.change(within(group("Spørsmål 2")).getByLabelText("Type svar"), { target: { value: "choice" } });
    fireEvent.click(button("Fjern valg 2 i spørsmål 2"));
    type(within(group("Valgene i spørsmål 2")).getByLabelText("Valg 1"), "S");
    fireEvent.click(button("Lagre"));

    const label = within(group("Spørsmål 1")).getByLabelText("Spørsmålet");
    expect(label.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(label.getAttribute("aria-describedby")!)?.textContent).toBe("Skriv spørsmålet.");
    expect(within(group("Valgene i spørsmål 2")).getByText("Et flervalgsspørsmål må ha minst to valg.")).toBeTruthy();
    expect(screen.getByText("Prisen må være et helt antall kroner fra 0 til 100 000.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toMatch(/Noe må rettes/);
    expect(screen.getByLabelText("Pris (kr)")).toHaveProperty("value", "5oo");
    expect(within(group("Spørsmål 2")).getByLabelText("Spørsmålet")).toHaveProperty("value", "Størrelse");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Pris (kr)")));
    expect(save).not.toHaveBeenCalled();
  });

  it("keep what was typed when the server refuses, with its message by the field", async () => {
    const save = renderEditor(
      "kurs",
      vi.fn<Save>(async () => ({
        ok: false,
        message: "Ugyldig innhold.",
        issues: [{ path: "questions.0.label", message: "Teksten har tegn som ikke kan brukes." }],
      })),
    );
    fillCommon();
    fireEvent.click(button("Legg til spørsmål"));
    type(within(group("Spørsmål 1")).getByLabelText("Spørsmålet"), "Hva heter du?");
    fireEvent.click(button("Lagre"));
    await waitFor(() => expect(screen.getByText("Teksten har tegn som ikke kan brukes.")).toBeTruthy());
    expect(save).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("alert").textContent).toBe("Ugyldig innhold.");
    expect(within(group("Spørsmål 1")).getByLabelText("Spørsmålet")).toHaveProperty("value", "Hva heter du?");
    expect(screen.getByLabelText("Navn på arrangementet")).toHaveProperty("value", "Sommerkurs");
  });
});

describe("the course's prices by age and the sale's items", () => {
  it("send price bands as rows of age and price", async () => {
    const save = renderEditor("kurs");
    fillCommon();
    type(screen.getByLabelText("Pris (kr)"), "800");
    fireEvent.click(button("Legg til aldersgruppe"));
    fireEvent.click(button("Legg til aldersgruppe"));
    type(within(group("Aldersgruppe 1")).getByLabelText("Til alder"), "12");
    type(within(group("Aldersgruppe 1")).getByLabelText("Pris (kr)"), "400");
    type(within(group("Aldersgruppe 2")).getByLabelText("Til alder"), "17");
    type(within(group("Aldersgruppe 2")).getByLabelText("Pris (kr)"), "600");
    expect(within(group("Aldersgruppe 2")).getByText("13")).toBeTruthy();
    fireEvent.click(button("Lagre"));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(vi.mocked(save).mock.calls[0]![1]).toMatchObject({
      price: 800,
      priceBands: [
        { maxAge: 12, price: 400 },
        { maxAge: 17, price: 600 },
      ],
    });
  });

  it("send items with their sizes and stock, and name a bad size in words about sizes", async () => {
    const save = renderEditor("salg");
    fillCommon();
    const item = group("Vare 1");
    type(within(item).getByLabelText("Navn"), "Hettegenser");
    type(within(item).getByLabelText("Pris (kr)"), "450");
    fireEvent.click(button("Legg til størrelse for vare 1"));
    type(within(item).getByLabelText("Størrelse 3"), "Større");
    type(
      within(item).getByLabelText("Antall i alt", { selector: `#${within(item).getByLabelText("Størrelse 3").id.replace(/-id$/, "-stock")}` }),
      "4",
    );
    fireEvent.click(button("Lagre"));
    expect(screen.getByText(/Skriv størrelsen med bokstavene A–Z/)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    type(within(item).getByLabelText("Størrelse 3"), "XL");
    fireEvent.click(button("Flytt opp størrelse 3 for vare 1"));
    fireEvent.click(button("Lagre"));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(vi.mocked(save).mock.calls[0]![1]).toMatchObject({
      kind: "salg",
      items: [
        {
          id: "t-skjorte",
          name: "Hettegenser",
          price: 450,
          variants: [
            { id: "S", stock: 10 },
            { id: "XL", stock: 4 },
            { id: "M", stock: 10 },
          ],
        },
      ],
    });
  });
  it("shows beside each saved size how many are left now, read out with its field", () => {
    const initial = draftFrom({ ...template("salg"), kind: "salg" });
    render(
      <EventEditor
        slug="klubbtoy"
        initial={initial}
        stockLeft={[{ itemId: initial.items[0]!.id, variant: "M", stock: 1 }]}
        onSave={vi.fn<Save>()}
        onCancel={() => {}}
      />,
    );
    const item = group("Vare 1");
    const sizeM = within(item)
      .getAllByLabelText(/Størrelse/)
      .find((input) => (input as HTMLInputElement).value === "M")!;
    const total = within(item).getByLabelText("Antall i alt", { selector: `#${sizeM.id.replace(/-id$/, "-stock")}` });
    expect(total.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(total.getAttribute("aria-describedby")!)?.textContent).toBe("Igjen nå: 1");
    expect(screen.getAllByText(/Igjen nå/)).toHaveLength(1);
  });
});

describe("the form in the leader's words", () => {
  it("makes the address from the title and year, lets the leader change it, and refuses one already in use", async () => {
    const save = renderEditor("gradering", undefined, ["vargradering-pa-ski-2027"]);
    const address = screen.getByLabelText("Adresse (/arrangementer/…)");
    type(screen.getByLabelText("Navn på arrangementet"), "Vårgradering på Ski");
    expect(address).toHaveProperty("value", "vargradering-pa-ski");
    type(screen.getByLabelText("Første dag"), "2027-03-13");
    expect(address).toHaveProperty("value", "vargradering-pa-ski-2027");
    type(screen.getByLabelText("Siste dag"), "2027-03-13");
    type(within(group("Påmeldingen åpner")).getByLabelText("Dato"), "2027-02-01");
    type(within(group("Påmeldingen åpner")).getByLabelText("Klokkeslett"), "12:00");
    type(within(group("Påmeldingen stenger")).getByLabelText("Dato"), "2027-03-10");
    type(within(group("Påmeldingen stenger")).getByLabelText("Klokkeslett"), "23:59");
    fireEvent.click(button("Lagre"));
    expect(document.getElementById(address.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent).toBe(
      "Det finnes allerede et arrangement med denne adressen. Velg en annen.",
    );
    expect(save).not.toHaveBeenCalled();

    type(address, "vargradering-2027");
    // The leader's own address stays when the title changes after.
    type(screen.getByLabelText("Navn på arrangementet"), "Vårgradering");
    expect(address).toHaveProperty("value", "vargradering-2027");
    fireEvent.click(button("Lagre"));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(vi.mocked(save).mock.calls[0]![0]).toBe("vargradering-2027");
  });

  it("asks a grading's limits by belt name, with no age guessed, and saves them as grade ids", async () => {
    const save = renderEditor("gradering");
    const lowest = screen.getByLabelText("Laveste grad") as HTMLSelectElement;
    const highest = screen.getByLabelText("Høyeste grad") as HTMLSelectElement;
    // From the cup grades: white up to the last cup grade before the black-belt step.
    expect(lowest.selectedOptions[0]!.textContent).toBe("10. Cup (Hvitt)");
    expect(highest.selectedOptions[0]!.textContent).toBe("2. Cup (Rødt med to sorte striper)");
    expect(within(highest).getByRole("option", { name: "1. Dan" })).toBeTruthy();
    expect(screen.getByLabelText("Laveste alder")).toHaveProperty("value", "");
    expect(screen.getByLabelText("Høyeste alder")).toHaveProperty("value", "");
    expect(screen.queryByText(/\(nummer\)/)).toBeNull();

    fireEvent.change(lowest, { target: { value: "4" } });
    fillCommon();
    type(screen.getByLabelText("Starter klokken"), "11:00");
    fireEvent.click(button("Lagre"));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(vi.mocked(save).mock.calls[0]![1]).toMatchObject({ kind: "gradering", minGradeId: 4, maxGradeId: 13, minAge: null, maxAge: null });
  });

  it("speaks of a sale's opening and closing, and asks stock per size instead of places", () => {
    renderEditor("salg");
    expect(group("Salget åpner")).toBeTruthy();
    expect(group("Salget stenger")).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Påmeldingen åpner" })).toBeNull();
    expect(screen.queryByLabelText("Antall plasser")).toBeNull();
    expect(within(group("Vare 1")).getAllByLabelText("Antall i alt")).toHaveLength(2);
  });
});
