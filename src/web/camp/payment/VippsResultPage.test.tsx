// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import type { VippsReceipt } from "../../../shared/payments/vipps-payment.ts";
import { mockApi } from "../../test-support/mock-api.ts";
import VippsResultPage from "./VippsResultPage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function renderReserved(receipt: VippsReceipt | null) {
  mockApi({});
  const Stub = createRoutesStub([
    {
      path: "/vipps/:ordreId",
      Component: () => <VippsResultPage loaderData={{ status: { status: "RESERVED", receipt }, order: undefined }} />,
    },
  ]);
  render(<Stub initialEntries={["/vipps/VL27-ABCDEF"]} />);
}

describe("the Vipps result page after paying", () => {
  it("names the camp and its year, the children paid for and the amount, from the server's answer", () => {
    renderReserved({
      what: "vinterleiren 2027",
      people: [
        { firstName: "Sofie", self: false },
        { firstName: "Jonas", self: false },
      ],
      registrant: null,
      amount: 1950,
    });
    expect(screen.getByRole("heading", { level: 1, name: "Takk! Sofie og Jonas er påmeldt vinterleiren 2027." })).toBeTruthy();
    expect(screen.getByText(/Betalt med Vipps:/).textContent).toMatch(/1\s950\s+kr/);
    expect(screen.queryByText(/Takk, Sofie/)).toBeNull();
  });

  it("thanks an event's contact person by name and names the child", () => {
    renderReserved({
      what: "graderingen «Cupgradering desember» 2026",
      people: [{ firstName: "Emma", self: false }],
      registrant: "Per",
      amount: 350,
    });
    expect(screen.getByRole("heading", { level: 1, name: "Takk, Per! Emma er påmeldt graderingen «Cupgradering desember» 2026." })).toBeTruthy();
  });

  it("keeps its general words when the server gave no receipt", () => {
    renderReserved(null);
    expect(screen.getByRole("heading", { level: 1, name: "Takk! Du er registrert til vinterleiren" })).toBeTruthy();
    expect(screen.queryByText(/Betalt med Vipps/)).toBeNull();
  });
});
