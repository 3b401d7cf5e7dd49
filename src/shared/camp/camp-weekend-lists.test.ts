import { describe, expect, it } from "vitest";
import { campEditionForYear } from "./camp-edition.ts";
import type { AdminPerson } from "./camp-lists.ts";
import { paymentStateLabel, registrationStatusLabel } from "./camp-state-labels.ts";
import { arrivedList, companionList, gradingList, instructorList, kitchenList, sleepoverList, unpaidList } from "./camp-weekend-lists.ts";

const edition = campEditionForYear(2026);
let nextId = 1;
const person = (over: Partial<AdminPerson>): AdminPerson =>
  withOutstanding(
    {
      firstname: "Ola",
      lastname: "Nordmann",
      isLedsager: false,
      isLedsagerForName: null,
      age: 14,
      club: "Ski Taekwondo Klubb",
      grade: "7. Cup (Grønt)",
      email: "",
      telephone: "+4791234567",
      gradering: false,
      sleepover: false,
      public: true,
      amount: 1000,
      paid: 0,
      vipps: false,
      vegan: false,
      instructor: 0,
      wantstoinstruct: false,
      allergies: "",
      otherinfo: "",
      orderid: "VL26-AAAAAA",
      transactionid: null,
      registrationId: nextId++,
      status: "confirmed",
      paymentMethod: "card_cash",
      paymentState: "unpaid",
      createdAt: "2026-10-01T10:00:00Z",
      anonymisedAt: null,
      refunded: 0,
      refundOwed: 0,
      outstanding: 0,
      paidWith: [],
      refundedWith: [],
      ...over,
    },
    over,
  );
/** What is still to pay, unless the test says: what is charged less what is paid. */
function withOutstanding(p: AdminPerson, over: Partial<AdminPerson>): AdminPerson {
  return { ...p, outstanding: over.outstanding ?? Math.max(0, p.amount - p.paid) };
}

const people = [
  person({ firstname: "Siri", sleepover: true, vegan: true, allergies: "Nøtter", gradering: true, grade: "2. Dan" }),
  person({ firstname: "Kari", isLedsager: true, isLedsagerForName: "Siri Nordmann", sleepover: true, amount: 500, registrationId: 1, grade: null }),
  person({ firstname: "Per", gradering: true, grade: "10. Cup (Hvitt)", paid: 1000, paymentState: "paid", instructor: 1 }),
  person({ firstname: "Avbestilt", status: "cancelled", sleepover: true, allergies: "Gluten" }),
];

describe("the weekend lists", () => {
  it("kitchen: every meal of the program; breakfast after a night counts those sleeping over; allergies with names; cancelled left out", () => {
    const meals = kitchenList(people, edition);
    expect(meals.map((m) => m.what)).toEqual(expect.arrayContaining(["Kveldsmat", "Frokost", "Lunsj"]));
    const supper = meals.find((m) => m.what === "Kveldsmat")!;
    expect(supper).toMatchObject({ count: 3, vegan: 1, allergies: [{ name: "Siri Nordmann", club: "Ski Taekwondo Klubb", allergies: "Nøtter" }] });
    expect(meals.find((m) => m.what === "Frokost")!.count).toBe(2);
    expect(JSON.stringify(meals)).not.toContain("Gluten");
  });

  it("sleepover: one list per night, with whom a companion came", () => {
    const nights = sleepoverList(people, edition);
    expect(nights).toHaveLength(2);
    expect(nights[0]!.night).toMatch(/^Natt til søndag/);
    expect(nights[0]!.people).toEqual([
      { name: "Kari Nordmann", club: "Ski Taekwondo Klubb", companionOf: "Siri Nordmann" },
      { name: "Siri Nordmann", club: "Ski Taekwondo Klubb", companionOf: "" },
    ]);
  });

  it("grading per grade, lowest first; instructors; companions", () => {
    expect(gradingList(people).map((g) => [g.grade, g.people.map((p) => p.name)])).toEqual([
      ["10. Cup (Hvitt)", ["Per Nordmann"]],
      ["2. Dan", ["Siri Nordmann"]],
    ]);
    expect(instructorList(people).map((r) => [r.name, r.instructor])).toEqual([["Per Nordmann", "Instruktør i klubben"]]);
    expect(companionList(people).map((r) => [r.name, r.companionOf, r.sleepover])).toEqual([["Kari Nordmann", "Siri Nordmann", true]]);
  });

  it("arrived so far: per camp day, in the order they were checked in, of everyone expected", () => {
    const here = [
      person({ firstname: "Eva", arrivals: [{ day: "2026-11-28", at: "2026-11-28T09:05:00Z" }] }),
      person({
        firstname: "Tor",
        isLedsager: true,
        isLedsagerForName: "Eva Nordmann",
        arrivals: [
          { day: "2026-11-28", at: "2026-11-28T08:55:00Z" },
          { day: "2026-11-29", at: "2026-11-29T08:00:00Z" },
        ],
      }),
      person({ firstname: "Liv" }),
      person({ firstname: "Avbestilt", status: "cancelled", arrivals: [{ day: "2026-11-28", at: "2026-11-28T08:00:00Z" }] }),
    ];
    const days = arrivedList(here, edition);
    expect(days).toHaveLength(3);
    expect(days[0]).toMatchObject({ day: "Lørdag 28. november", expected: 3 });
    expect(days[0]!.people.map((p) => [p.name, p.companionOf])).toEqual([
      ["Tor Nordmann", "Eva Nordmann"],
      ["Eva Nordmann", ""],
    ]);
    expect(days[1]!.people.map((p) => p.name)).toEqual(["Tor Nordmann"]);
    expect(days[2]!.people).toEqual([]);
  });

  it("unpaid at arrival: one row per registration with what is left", () => {
    expect(unpaidList(people)).toEqual([
      expect.objectContaining({
        name: "Siri Nordmann",
        toPay: 1500,
        paid: 0,
        remaining: 1500,
        persons: 2,
        method: "Ved oppmøte (kort eller kontant)",
      }),
    ]);
  });
});

describe("the shared words", () => {
  it("says the states in Norwegian", () => {
    expect(registrationStatusLabel("cancelled")).toBe("Avbestilt");
    expect(paymentStateLabel("unpaid")).toBe("ikke betalt");
    expect(paymentStateLabel("captured")).toBe("trukket");
  });
});
