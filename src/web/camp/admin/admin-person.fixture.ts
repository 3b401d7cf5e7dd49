import type { AdminPerson } from "../../../shared/camp/camp-lists.ts";

/** A confirmed card/cash athlete, unpaid, as the camp admin list gives it; `over` sets what a test is about. */
export function adminPerson(over: Partial<AdminPerson> = {}): AdminPerson {
  return {
    registrationId: 1,
    firstname: "Ola",
    lastname: "Nordmann",
    isLedsager: false,
    isLedsagerForName: null,
    age: 11,
    club: "Ski Taekwondo Klubb",
    grade: "8. Cup (Gult)",
    email: "ola@example.no",
    telephone: "91234567",
    gradering: true,
    sleepover: false,
    public: true,
    amount: 1025,
    paid: 0,
    vipps: false,
    vegan: false,
    instructor: 0,
    wantstoinstruct: false,
    allergies: "Nøtter",
    otherinfo: "Kommer fredag kveld",
    orderid: "VL26-AAAA11",
    transactionid: null,
    status: "confirmed",
    paymentMethod: "card_cash",
    paymentState: "unpaid",
    createdAt: "2025-10-12T18:04:00Z",
    anonymisedAt: null,
    ...over,
  };
}
