/** One step of the money ledger's property carried out against the app, as a family, a leader or the door would. */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { athletePerson, ledgerFigures } from "../../shared/camp/camp-ledger.ts";
import { campRefund } from "../../shared/camp/camp-pricing.ts";
import { campAdminToken, companion, draft, postRegistration, sibling } from "./camp.ts";
import { reconcile } from "./vipps.ts";
import { campEditionOfYear } from "../camp/camp-edition-lookup.ts";
import { readCampCompanions } from "../camp/camp-companion-rows.ts";
import { approve, choose, ledgers, linkOf, openVipps, paidFor, type LedgerWorld } from "./camp-ledger-world.ts";
import type { Step } from "./camp-ledger-steps.ts";

/** A home-club child with a cup grade, young enough for cup grading: the grading fee is charged. */
const gradingChild = { age: 10, clubId: 29, gradeId: 3 };

/**
 * Carries out one step; false when it found nothing to act on (no registration yet, no open Vipps payment,
 * no companion), so the state is the one the last check saw and the invariants are not checked again.
 */
export async function runStep(world: LedgerWorld, step: Step): Promise<boolean> {
  switch (step.kind) {
    case "register":
    case "approve":
    case "reconcile":
    case "pay-outstanding":
      return paymentStep(world, step);
    case "add-companion":
    case "cancel-companion":
    case "grading":
    case "cancel-athlete":
      return familyChangeStep(world, step);
    case "leader-cancel":
    case "leader-add-companion":
    case "leader-remove-companion":
    case "door":
    case "deadline-passes":
      return leaderStep(world, step);
  }
}

/** Registering and paying: a registration, a Vipps approval (its webhook on time, twice or lost), the reconciler, paying what a change added. */
async function paymentStep(
  world: LedgerWorld,
  step: Extract<Step, { kind: "register" | "approve" | "reconcile" | "pay-outstanding" }>,
): Promise<boolean> {
  switch (step.kind) {
    case "register": {
      // Cup grading is charged for a home-club child with a cup grade; an adult from another club grades for free.
      const athlete = step.gradingChild ? gradingChild : {};
      const overrides = {
        ...athlete,
        ...(step.companion ? { hasLedsager: true, ledsagere: [companion()] } : {}),
        ...(step.group ? { siblings: [sibling()] } : {}),
      };
      const res = await postRegistration(world.app, draft({ vipps: step.vipps, ...overrides }));
      expect(res.statusCode).toBeLessThan(500);
      return true;
    }
    case "approve": {
      const id = await choose(world, step.pick);
      const open = id === undefined ? undefined : await openVipps(world, id, "registration");
      if (!open) return false;
      await approve(world, open.reference, step.webhook);
      return true;
    }
    case "reconcile":
      await reconcile(world.service);
      return true;
    case "pay-outstanding": {
      const id = await choose(world, step.pick);
      if (id === undefined) return false;
      const res = await world.app.inject({ method: "POST", url: `/api/MinPamelding/Pay/${await linkOf(world, id)}` });
      expect(res.statusCode).toBeLessThan(500);
      const open = await openVipps(world, id, "change");
      if (res.statusCode === 200 && open) await approve(world, open.reference, step.webhook);
      return true;
    }
  }
}

/** The family's changes through its link: a companion added or cancelled, grading on or off, the athlete cancelled. */
async function familyChangeStep(
  world: LedgerWorld,
  step: Extract<Step, { kind: "add-companion" | "cancel-companion" | "grading" | "cancel-athlete" }>,
): Promise<boolean> {
  switch (step.kind) {
    case "add-companion": {
      const id = await choose(world, step.pick);
      if (id === undefined) return false;
      const res = await world.app.inject({
        method: "POST",
        url: `/api/MinPamelding/AddCompanion/${await linkOf(world, id)}`,
        payload: { ...companion({ firstName: `L${randomUUID().slice(0, 4)}` }), alreadyRegistered: false },
      });
      expect(res.statusCode).toBeLessThan(500);
      return true;
    }
    case "cancel-companion": {
      const id = await choose(world, step.pick);
      if (id === undefined) return false;
      const companions = await readCampCompanions(world.app.db, id);
      const target = companions[step.which % Math.max(1, companions.length)];
      if (!target) return false;
      const person = `companion-${target.id}`;
      const before = await paidFor(world, id, person);
      const res = await world.app.inject({ method: "POST", url: `/api/MinPamelding/Cancel/${await linkOf(world, id)}`, payload: { person } });
      expect(res.statusCode).toBeLessThan(500);
      if (res.statusCode === 200 && res.json().changed) {
        const edition = await campEditionOfYear(world.app.db, 2026);
        expect(res.json().refund).toBeLessThanOrEqual(campRefund(before, edition, world.now));
        // An unpaid addition never gives money back.
        if (before === 0) expect(res.json().refund).toBe(0);
      }
      return true;
    }
    case "grading": {
      const id = await choose(world, step.pick);
      if (id === undefined) return false;
      const before = step.on ? 0 : await paidFor(world, id, athletePerson, "grading");
      const res = await world.app.inject({
        method: "POST",
        url: `/api/MinPamelding/Grading/${await linkOf(world, id)}`,
        payload: { gradering: step.on },
      });
      expect(res.statusCode).toBeLessThan(500);
      if (!step.on && res.statusCode === 200 && res.json().changed) {
        expect(res.json().refund).toBeLessThanOrEqual(campRefund(before, await campEditionOfYear(world.app.db, 2026), world.now));
        // Grading switched on, not paid, and off again: nothing comes back.
        if (before === 0) expect(res.json().refund).toBe(0);
      }
      return true;
    }
    case "cancel-athlete": {
      const id = await choose(world, step.pick);
      if (id === undefined) return false;
      const before = await paidFor(world, id, null);
      if (step.refusedByVipps) world.sim.addFault({ operation: "refund", status: 400, count: 1 });
      const res = await world.app.inject({
        method: "POST",
        url: `/api/MinPamelding/Cancel/${await linkOf(world, id)}`,
        payload: { person: "athlete" },
      });
      world.sim.clearFaults();
      expect(res.statusCode).toBeLessThan(500);
      if (res.statusCode === 200 && res.json().changed)
        expect(res.json().refund).toBeLessThanOrEqual(campRefund(before, await campEditionOfYear(world.app.db, 2026), world.now));
      return true;
    }
  }
}

/** The leader's and the door's steps, and the full-refund deadline passing. */
async function leaderStep(
  world: LedgerWorld,
  step: Extract<Step, { kind: "leader-cancel" | "leader-add-companion" | "leader-remove-companion" | "door" | "deadline-passes" }>,
): Promise<boolean> {
  switch (step.kind) {
    case "leader-cancel": {
      const id = await choose(world, step.pick);
      if (id === undefined) return false;
      const before = await paidFor(world, id, null);
      const res = await world.app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${id}/${world.admin}` });
      expect(res.statusCode).toBeLessThan(500);
      if (res.statusCode === 200 && res.json().changed)
        expect(res.json().refundDue).toBeLessThanOrEqual(campRefund(before, await campEditionOfYear(world.app.db, 2026), world.now));
      return true;
    }
    case "leader-add-companion": {
      const id = await choose(world, step.pick);
      if (id === undefined) return false;
      const before = ledgerFigures((await ledgers(world)).get(id) ?? []);
      const res = await world.app.inject({
        method: "POST",
        url: `/api/VinterleirAdmin/AddCompanion/${id}/${world.admin}`,
        payload: { ...companion({ id: randomUUID(), firstName: `L${randomUUID().slice(0, 4)}` }), alreadyRegistered: false },
      });
      expect(res.statusCode).toBeLessThan(500);
      // An addition is owed, never paid by itself: money in stays what it was.
      if (res.statusCode === 200) expect(ledgerFigures((await ledgers(world)).get(id) ?? []).paid).toBe(before.paid);
      return true;
    }
    case "leader-remove-companion": {
      const id = await choose(world, step.pick);
      if (id === undefined) return false;
      const companions = await readCampCompanions(world.app.db, id);
      const target = companions[step.which % Math.max(1, companions.length)];
      if (!target) return false;
      const before = await paidFor(world, id, `companion-${target.id}`);
      const res = await world.app.inject({
        method: "POST",
        url: `/api/VinterleirAdmin/RemoveCompanion/${id}/${world.admin}`,
        payload: { companionId: target.id },
      });
      expect(res.statusCode).toBeLessThan(500);
      if (res.statusCode === 200 && res.json().changed) {
        expect(res.json().refund).toBeLessThanOrEqual(campRefund(before, await campEditionOfYear(world.app.db, 2026), world.now));
        // An unpaid addition removed by the leader never gives money back.
        if (before === 0) expect(res.json().refund).toBe(0);
      }
      return true;
    }
    case "door": {
      const id = await choose(world, step.pick);
      if (id === undefined) return false;
      const { outstanding } = ledgerFigures((await ledgers(world)).get(id) ?? []);
      const res = await world.app.inject({
        method: "POST",
        url: `/api/VinterleirAdmin/CheckIn/Action/${world.admin}`,
        payload: {
          actionId: randomUUID(),
          kind: "payment",
          personId: `a${id}`,
          amount: step.amount,
          method: step.cash ? "cash" : "card",
          day: "2026-11-28",
        },
      });
      expect(res.statusCode).toBeLessThan(500);
      // Never more than is left.
      if (step.amount > outstanding) expect(res.statusCode).toBeGreaterThanOrEqual(400);
      return true;
    }
    case "deadline-passes":
      world.now = new Date("2026-11-24T10:00:00Z");
      // A camp admin's sign-in lasts a day.
      world.admin = await campAdminToken(world.app);
      return true;
  }
}
