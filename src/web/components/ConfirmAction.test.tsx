// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { ConfirmAction, useConfirmation } from "./ConfirmAction.tsx";

afterEach(cleanup);

/** A list row with a "Fjern" button that asks first, as the admin areas use it. */
function Row({ onRemove }: { onRemove: () => Promise<void> }) {
  const confirmation = useConfirmation<number>();
  const [removed, setRemoved] = useState(false);
  if (removed) return <p>Fjernet.</p>;
  return confirmation.isOpen(1) ? (
    <ConfirmAction
      confirmLabel="Ja, fjern"
      busyLabel="Fjerner..."
      onConfirm={async () => {
        await onRemove();
        confirmation.close();
        setRemoved(true);
      }}
      onCancel={confirmation.cancel}
    >
      Fjerne Kari?
    </ConfirmAction>
  ) : (
    <button type="button" ref={confirmation.trigger(1)} onClick={() => confirmation.ask(1)}>
      Fjern
    </button>
  );
}

describe("ConfirmAction", () => {
  it("takes the keyboard to Avbryt, and Avbryt gives it back to the button that asked", () => {
    const onRemove = vi.fn(async () => {});
    render(<Row onRemove={onRemove} />);
    fireEvent.click(screen.getByRole("button", { name: "Fjern" }));
    const group = screen.getByRole("group", { name: "Fjerne Kari?" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Avbryt" }));
    expect(group.contains(document.activeElement)).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Avbryt" }));
    expect(screen.queryByRole("group")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Fjern" }));
    expect(onRemove).not.toHaveBeenCalled();
  });

  it("closes on Escape and gives the keyboard back", () => {
    render(<Row onRemove={async () => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Fjern" }));
    fireEvent.keyDown(screen.getByRole("button", { name: "Avbryt" }), { key: "Escape" });
    expect(screen.queryByRole("group")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Fjern" }));
  });

  it("is busy while the call runs, and runs it once", async () => {
    let finish = () => {};
    const onRemove = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Row onRemove={onRemove} />);
    fireEvent.click(screen.getByRole("button", { name: "Fjern" }));
    fireEvent.click(screen.getByRole("button", { name: "Ja, fjern" }));
    const busy = screen.getByRole("button", { name: "Fjerner..." });
    expect(busy.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(busy);
    fireEvent.keyDown(busy, { key: "Escape" });
    expect(screen.getByRole("group")).toBeTruthy();
    expect(onRemove).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(screen.getByText("Fjernet.")).toBeTruthy();
  });

  it("reads out a failure with role=alert and stays open", async () => {
    render(<Row onRemove={async () => Promise.reject(new Error("Serveren svarte 500."))} />);
    fireEvent.click(screen.getByRole("button", { name: "Fjern" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Ja, fjern" })));
    expect(screen.getByRole("alert").textContent).toBe("Det gikk ikke. Serveren svarte 500.");
    expect(screen.getByRole("button", { name: "Ja, fjern" })).toBeTruthy();
  });

  it("shows the caller's own error", () => {
    render(
      <ConfirmAction confirmLabel="Ja, avbestill" busyLabel="Avbestiller …" error="Fant ikke påmeldingen." onConfirm={() => {}} onCancel={() => {}}>
        Avbestille Kari?
      </ConfirmAction>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Fant ikke påmeldingen.");
  });
});
