// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cameraProblem, QrScanner } from "./QrScanner.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("Skann QR-kode", () => {
  it("says what to do when the camera cannot be used, and closes", async () => {
    vi.stubGlobal("navigator", {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(async () => Promise.reject(new DOMException("denied", "NotAllowedError"))) },
    });
    const onClose = vi.fn();
    render(<QrScanner onCode={vi.fn()} onClose={onClose} />);
    expect((await screen.findByRole("alert")).textContent).toBe(cameraProblem);
    const close = screen.getByRole("button", { name: "Lukk kameraet" });
    // Focused by an effect after the render that showed it: a moment after it is found.
    await waitFor(() => expect(document.activeElement).toBe(close));
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("uses the browser's BarcodeDetector where it reads QR codes, and stops the camera after a read", async () => {
    const stop = vi.fn();
    vi.stubGlobal("navigator", { ...navigator, mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) } });
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    // happy-dom has no MediaStream to attach; the page only hands the stream over.
    Object.defineProperty(HTMLMediaElement.prototype, "srcObject", { set() {}, get: () => null, configurable: true });
    class FakeDetector {
      static getSupportedFormats = async () => ["qr_code", "ean_13"];
      async detect() {
        return [{ rawValue: "FYMQE9CCPHNDCT2WWJA406864PJV" }];
      }
    }
    vi.stubGlobal("BarcodeDetector", FakeDetector);
    const onCode = vi.fn();
    const { unmount } = render(<QrScanner onCode={onCode} onClose={vi.fn()} />);
    await vi.waitFor(() => expect(onCode, document.body.textContent ?? "").toHaveBeenCalledWith("FYMQE9CCPHNDCT2WWJA406864PJV"));
    unmount();
    expect(stop).toHaveBeenCalled();
  });
});
