import type { AdminParticipant } from "../../shared/events/event-api.ts";

/** A confirmed card/cash athlete on a club event, unpaid, as the event admin's list gives it; `over` sets what a test is about. */
export function adminParticipant(over: Partial<AdminParticipant> = {}): AdminParticipant {
  return {
    orderId: "KU26-4F7K2Q",
    status: "confirmed",
    name: "Ola Nordmann",
    age: 10,
    club: "Ski Taekwondo Klubb",
    grade: "8. cup",
    gradeId: 5,
    contactName: "Kari Nordmann",
    email: "kari@example.no",
    telephone: "91234567",
    answers: {},
    item: null,
    charged: 700,
    paid: 0,
    refunded: 0,
    refundOwed: 0,
    outstanding: 700,
    paidWith: [],
    refundedWith: [],
    method: "card_cash",
    waitlistPosition: null,
    offer: null,
    anonymised: false,
    ...over,
  };
}
