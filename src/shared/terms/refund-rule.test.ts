import { describe, expect, it } from "vitest";
import { campEditionForYear } from "../camp/camp-edition.ts";
import { campRefundRule } from "../camp/cancellation-terms.ts";
import { campRefund } from "../camp/camp-pricing.ts";
import { eventRefundRule } from "../events/event-terms.ts";
import { refundRuleSentence, type RefundRule } from "./refund-rule.ts";

const at = (iso: string) => new Date(iso);
const camp = campEditionForYear(2026);

describe("the refund sentence, read off each kind's rule", () => {
  it("tells the camp's full-refund day before it, and what comes back after it once it has passed", () => {
    const rule = campRefundRule(camp);
    const before =
      "Avbestiller du innen midnatt 21. november 2026, får du alt du har betalt tilbake; etter det får du tilbake halvparten av det du har betalt.";
    expect(refundRuleSentence(rule)).toBe(before);
    expect(refundRuleSentence(rule, at("2026-11-21T23:59:00+01:00"))).toBe(before);
    expect(refundRuleSentence(rule, at("2026-11-22T00:00:00+01:00"))).toBe(
      "Fristen for å få alt tilbake gikk ut ved midnatt 21. november 2026. Avbestiller du nå, får du tilbake halvparten av det du har betalt.",
    );
  });

  it("says the share the camp's rule really keeps, not a typed one", () => {
    const probe = 1000;
    const share = campRefund(probe, camp, camp.fullRefundEndsAt) / probe;
    expect(campRefundRule(camp).laterPercent).toBe(Math.round(share * 100));
    const tenth = campRefundRule(campEditionForYear(2026, { ...camp.settings, refund: { ...camp.settings.refund, laterShare: 0.1 } }));
    expect(refundRuleSentence(tenth)).toContain("etter det får du tilbake 10\u00a0% av det du har betalt.");
  });

  it("gives back everything for an event until it has ended, and says when cancelling closes", () => {
    const rule = eventRefundRule({ lastDay: "2026-12-12", free: false });
    const before = "Avbestiller du innen midnatt 12. desember 2026, får du alt du har betalt tilbake; etter det kan det ikke avbestilles.";
    expect(refundRuleSentence(rule)).toBe(before);
    expect(refundRuleSentence(rule, at("2026-12-12T18:00:00+01:00"))).toBe(before);
    expect(refundRuleSentence(rule, at("2026-12-13T00:00:00+01:00"))).toBe("Fristen for å avbestille gikk ut ved midnatt 12. desember 2026.");
  });

  it("speaks of no money back when the event costs nothing", () => {
    const sentence = refundRuleSentence(eventRefundRule({ lastDay: "2026-12-12", free: true }), at("2026-12-01T10:00:00+01:00"));
    expect(sentence).toBe("Det koster ingenting å være med, så det koster heller ingenting å avbestille.");
    expect(sentence).not.toMatch(/tilbake/);
  });

  it("says plainly when nothing comes back", () => {
    const closesAt = at("2026-12-13T00:00:00+01:00");
    const noRefunds: RefundRule = { fullRefundEndsAt: null, laterPercent: 0, closesAt, free: false };
    expect(refundRuleSentence(noRefunds)).toBe("Avbestiller du, får du ingenting tilbake.");
    const nothingLater: RefundRule = { fullRefundEndsAt: at("2026-11-22T00:00:00+01:00"), laterPercent: 0, closesAt, free: false };
    expect(refundRuleSentence(nothingLater)).toBe(
      "Avbestiller du innen midnatt 21. november 2026, får du alt du har betalt tilbake; etter det får du ingenting tilbake.",
    );
    expect(refundRuleSentence(nothingLater, at("2026-11-30T10:00:00+01:00"))).toBe(
      "Fristen for å få alt tilbake gikk ut ved midnatt 21. november 2026. Avbestiller du nå, får du ingenting tilbake.",
    );
  });

  it("says everything comes back when a rule keeps nothing after its deadline either", () => {
    const rule: RefundRule = {
      fullRefundEndsAt: at("2026-11-22T00:00:00+01:00"),
      laterPercent: 100,
      closesAt: at("2026-11-28T00:00:00+01:00"),
      free: false,
    };
    expect(refundRuleSentence(rule, at("2026-11-25T10:00:00+01:00"))).toBe("Avbestiller du, får du alt du har betalt tilbake.");
  });
});
