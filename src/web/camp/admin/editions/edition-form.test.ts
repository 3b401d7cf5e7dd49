import { describe, expect, it } from "vitest";
import { standardEditionData } from "../../../../shared/camp/camp-edition-data.ts";
import { checkValues, editionFromValues, formValuesFrom, instantFromOslo, osloDateTime } from "./edition-form.ts";

describe("the Leirer form's values", () => {
  it("turn an edition into form values and back unchanged", () => {
    const data = { ...standardEditionData(2027), capacity: 120, sleepoverCapacity: null };
    expect(editionFromValues(formValuesFrom(data))).toEqual(data);
    expect(checkValues(formValuesFrom(data))).toEqual({ ok: true, data });
  });

  it("read the registration window as Oslo date and time, summer and winter", () => {
    expect(osloDateTime("2026-11-30T23:00:00.000Z")).toEqual({ date: "2026-12-01", time: "00:00" });
    expect(osloDateTime("2027-06-01T08:30:00.000Z")).toEqual({ date: "2027-06-01", time: "10:30" });
    expect(instantFromOslo({ date: "2027-06-01", time: "10:30" })).toBe("2027-06-01T08:30:00.000Z");
    expect(instantFromOslo({ date: "2027-01-15", time: "18.00" })).toBe("2027-01-15T17:00:00.000Z");
    expect(instantFromOslo({ date: "2027-01-15", time: "" })).toBe("");
    expect(instantFromOslo({ date: "2027-02-30", time: "10:00" })).toBe("");
  });

  it("keep what was typed and let the shared schema name the problem", () => {
    const values = formValuesFrom(standardEditionData(2027));
    values.fields["prices.adult"] = "1 250";
    values.fields["prices.child"] = "12a";
    values.fields.capacity = "";
    values.window.registrationOpensAt.time = "";
    const checked = checkValues(values);
    expect(checked).toMatchObject({
      ok: false,
      errors: { "prices.child": "Barneprisen må være et tall.", registrationOpensAt: "Skriv et gyldig tidspunkt (dato og klokkeslett)." },
    });
    expect(editionFromValues(values)).toMatchObject({ prices: { adult: 1250, child: "12a" }, capacity: null });
    expect(values.fields["prices.child"]).toBe("12a");
  });

  it("drop empty program days past the camp's last day, and keep days with items for the schema to refuse", () => {
    const values = formValuesFrom(standardEditionData(2027));
    values.program.push([]);
    expect((editionFromValues(values) as { program: unknown[] }).program).toHaveLength(3);
    values.program[3] = [{ key: "x", from: "10:00", to: "", what: "Ekstra", where: "", audience: "alle" }];
    expect(checkValues(values)).toMatchObject({ ok: false, errors: { program: "Programmet har 4 dager, men leiren har 3." } });
  });
});
