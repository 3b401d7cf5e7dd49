// @vitest-environment happy-dom
import { useState } from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { campEditionForYear } from "../../shared/camp/camp-edition.ts";
import { CampEditionOverride, CampEditionProvider, useCampYear } from "./camp-edition.tsx";

function Draft() {
  const [subject, setSubject] = useState("");
  return (
    <label>
      Emne <input value={subject} onChange={(event) => setSubject(event.target.value)} />
      <span>Leir {useCampYear()}</span>
    </label>
  );
}

describe("CampEditionOverride", () => {
  it("keeps what is typed below it when the edition arrives, and shows the pages above's edition until then", () => {
    const Page = ({ shown }: { shown?: number }) => (
      <CampEditionProvider edition={campEditionForYear(2026)}>
        <CampEditionOverride edition={shown === undefined ? undefined : campEditionForYear(shown)}>
          <Draft />
        </CampEditionOverride>
      </CampEditionProvider>
    );
    const { rerender } = render(<Page />);
    expect(screen.getByText("Leir 2026")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Emne/), { target: { value: "Oppmøte lørdag" } });
    rerender(<Page shown={2027} />);
    expect(screen.getByText("Leir 2027")).toBeTruthy();
    expect((screen.getByLabelText(/Emne/) as HTMLInputElement).value).toBe("Oppmøte lørdag");
  });
});
