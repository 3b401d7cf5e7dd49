import type { EventKind } from "../../shared/events/event-definition.ts";
import { gradingDefaults } from "../../shared/events/event-definition.ts";

/** A new event's starting point per kind (a grading starts from the cup-grading rules). */
export function template(kind: EventKind): Record<string, unknown> {
  const common = {
    title: "",
    firstDay: "",
    lastDay: "",
    venue: "",
    description: "",
    registrationOpensAt: "",
    registrationClosesAt: "",
    capacity: null,
  };
  if (kind === "gradering") return { kind, ...common, ...gradingDefaults };
  if (kind === "kurs") return { kind, ...common, price: 0, priceBands: [], sleepover: false, questions: [] };
  return {
    kind,
    ...common,
    items: [
      {
        id: "t-skjorte",
        name: "T-skjorte",
        price: 200,
        variants: [
          { id: "S", stock: 10 },
          { id: "M", stock: 10 },
        ],
      },
    ],
    pickUpPlace: "",
    pickUpTime: "",
  };
}
