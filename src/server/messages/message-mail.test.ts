import { describe, expect, it } from "vitest";
import type { MessageFamily } from "./message-families.ts";
import { renderFamilyMessage } from "./message-mail.ts";

const family = (overrides: Partial<MessageFamily>): MessageFamily =>
  ({
    emailKey: "ola@example.no",
    address: "ola@example.no",
    orderIds: ["VL26-AAAAAA"],
    participants: ["Ola Nordmann"],
    greetingName: "Ola",
    aboutGreeted: true,
    amountDue: 0,
    ...overrides,
  }) as MessageFamily;
const message = { subject: "Vinterleiren nærmer seg", body: "Vi gleder oss til å se {deltakere} på vinterleiren!" };
const link = "https://klubb.example/vinterleir/min-pamelding/abc";
const render = (body: string, to: Partial<MessageFamily> = {}) =>
  renderFamilyMessage({ subject: message.subject, body }, family(to), [link], undefined, "kontakt@skitaekwondo.no");

describe("a family's message", () => {
  it("to an adult who registered alone says «deg», not their own name after the greeting", () => {
    const mail = render(message.body);
    expect(mail.text).toMatch(/^Hei Ola!\n\nVi gleder oss til å se deg på vinterleiren!/);
  });

  it("says the link and the amount once when the leader's text has them as merge fields", () => {
    const mail = render("Dere har {beløp} igjen å betale. Se {lenke}", { amountDue: 550 });
    expect(mail.text.split(link)).toHaveLength(2);
    expect(mail.text).not.toContain("Igjen å betale");
    expect(mail.html).toContain(`<a href="${link}"`);
    // Without the merge fields, both stand below the text.
    const plain = render("Velkommen!", { amountDue: 550 });
    expect(plain.text).toContain(`Påmeldingen finner dere på «Min påmelding»:\n${link}`);
    expect(plain.text).toContain("Igjen å betale: 550");
  });

  it("to a parent names the children", () => {
    const mail = render(message.body, { participants: ["Emma Hansen", "Jonas Hansen"], greetingName: "Mor", aboutGreeted: false });
    expect(mail.text).toContain("Denne meldingen gjelder Emma Hansen og Jonas Hansen.");
    expect(mail.text).toContain("Vi gleder oss til å se Emma og Jonas på vinterleiren!");
  });

  it("a text that opens with «Hei {navn}!» has one greeting, in the text and in the HTML", () => {
    const mail = render("Hei {navn}!\n\nHusk dobok.", { participants: ["Emma Berg"], greetingName: "Per Berg", aboutGreeted: false });
    expect(mail.text).toMatch(/^Hei Per Berg!\n\nDenne meldingen gjelder Emma Berg\.\n\nHusk dobok\./);
    expect(mail.text.match(/Hei/g)).toHaveLength(1);
    expect(mail.html.match(/Hei/g)).toHaveLength(1);
    expect(mail.html).toContain("<p>Hei Per Berg!</p>\n<p>Denne meldingen gjelder Emma Berg.</p>\n<p>Husk dobok.</p>");
    // «Hei alle sammen,» or «Kjære …» likewise; a text without a greeting gets the mail's.
    expect(render("Kjære alle,\nvi sees.").text).toMatch(/^Kjære alle,\nvi sees\./);
    expect(render("Husk dobok.").text).toMatch(/^Hei Ola!\n\nHusk dobok\./);
  });
});
