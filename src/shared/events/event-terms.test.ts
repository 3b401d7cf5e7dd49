import { describe, expect, it } from "vitest";
import { eventPriceFacts, eventPriceLine, isFreeEvent, type EventPricing } from "./event-terms.ts";

const grading: EventPricing = { kind: "gradering", price: 350, priceBands: [], itemPrices: [] };
const course: EventPricing = { kind: "kurs", price: 300, priceBands: [{ maxAge: 12, price: 200 }], itemPrices: [] };
const sale: EventPricing = { kind: "salg", price: null, priceBands: [], itemPrices: [250, 150] };

describe("an event's prices in words", () => {
  it("says a grading's price per athlete", () => {
    expect(eventPriceFacts(grading)).toEqual(["Pris: 350\u00a0kr per utøver."]);
    expect(eventPriceLine(grading)).toBe("Pris: 350\u00a0kr per utøver.");
  });

  it("says a course's price by age, youngest band first", () => {
    expect(eventPriceFacts(course)).toEqual(["12 år eller yngre: 200\u00a0kr.", "Andre: 300\u00a0kr per deltaker."]);
    expect(eventPriceLine(course)).toBe("Pris: 200–300\u00a0kr per deltaker, etter alder.");
    expect(eventPriceLine({ ...course, priceBands: [{ maxAge: 12, price: 300 }] })).toBe("Pris: 300\u00a0kr per deltaker.");
  });

  it("says a sale's lowest price, or its one price", () => {
    expect(eventPriceLine(sale)).toBe("Pris: fra 150\u00a0kr.");
    expect(eventPriceLine({ ...sale, itemPrices: [150] })).toBe("Pris: 150\u00a0kr.");
  });

  it("calls an event free only when nothing it offers costs anything", () => {
    expect(isFreeEvent({ ...grading, price: 0 })).toBe(true);
    expect(isFreeEvent({ ...course, price: 0 })).toBe(false);
    expect(isFreeEvent({ ...sale, itemPrices: [0, 0] })).toBe(true);
    expect(eventPriceLine({ ...grading, price: 0 })).toBe("Gratis å være med.");
  });
});
