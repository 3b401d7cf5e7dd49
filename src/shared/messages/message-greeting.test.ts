import { describe, expect, it } from "vitest";
import { composeMessageText, opensWithGreeting } from "./message-greeting.ts";

const values = { navn: "Per Berg", deltakere: "Emma", lenke: "https://klubb.example/l", beløp: "350\u00a0kr" };

describe("one greeting per message", () => {
  it("knows a text that opens with a greeting of its own, and one that does not", () => {
    for (const text of ["Hei {navn}!", "Hei!", "hei alle sammen,", "Hei, husk", "Heisann!", "Hallo", "Kjære foreldre", "God morgen!", "  \nHei"])
      expect(opensWithGreeting(text), text).toBe(true);
    for (const text of ["Heia Ski!", "Vi gleder oss", "{navn}, husk", "Heime", "Kjæreste", "Godt nytt år", "Husk: hei"])
      expect(opensWithGreeting(text), text).toBe(false);
  });

  it("the mail greets the registered person only when the text does not", () => {
    expect(composeMessageText("Hei {navn}!\n\nVelkommen.", values)).toEqual({ greeting: undefined, paragraphs: ["Hei Per Berg!", "Velkommen."] });
    expect(composeMessageText("Velkommen, {deltakere}.", values)).toEqual({
      greeting: "Hei Per Berg!",
      paragraphs: ["Hei Per Berg!", "Velkommen, Emma."],
    });
    // Whom the mail is about comes right after the greeting, whoever greets.
    expect(composeMessageText("Hei {navn}!\n\nVelkommen.", values, "Om Emma.").paragraphs).toEqual(["Hei Per Berg!", "Om Emma.", "Velkommen."]);
    expect(composeMessageText("Velkommen.", values, "Om Emma.").paragraphs).toEqual(["Hei Per Berg!", "Om Emma.", "Velkommen."]);
    expect(composeMessageText("Hei alle sammen,\nvi sees.", values).greeting).toBeUndefined();
  });

  it("without a name to greet: «Hei!», and «Hei {navn}!» in the text becomes «Hei!», not «Hei !»", () => {
    const unnamed = { ...values, navn: "" };
    expect(composeMessageText("Velkommen.", unnamed).greeting).toBe("Hei!");
    expect(composeMessageText("Hei {navn}!\nHusk {beløp}.", unnamed)).toEqual({ greeting: undefined, paragraphs: ["Hei!\nHusk 350\u00a0kr."] });
    expect(composeMessageText("Hei {navn}, husk.", unnamed).paragraphs).toEqual(["Hei, husk."]);
  });
});
