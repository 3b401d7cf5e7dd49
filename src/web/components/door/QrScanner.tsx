import { useEffect, useRef, useState } from "react";

/** What the browser's own barcode reader offers (Chrome on Android, Safari 17+ on iOS); not in every DOM typing yet. */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

type Reader = (video: HTMLVideoElement) => Promise<string | undefined>;

/**
 * The browser's BarcodeDetector where it reads QR codes; otherwise jsQR, loaded only now (a pure JavaScript
 * reader, no WebAssembly and nothing fetched from elsewhere), on frames drawn to a canvas.
 */
async function makeReader(): Promise<Reader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector) {
    try {
      const formats = (await Detector.getSupportedFormats?.()) ?? ["qr_code"];
      if (formats.includes("qr_code")) {
        const detector = new Detector({ formats: ["qr_code"] });
        return async (video) => (await detector.detect(video))[0]?.rawValue;
      }
    } catch {
      // fall through to jsQR
    }
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return undefined;
    // A smaller frame is read faster and QR codes held up to a phone are large.
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: "dontInvert" })?.data;
  };
}

export const cameraProblem = "Fikk ikke brukt kameraet. Gi nettleseren lov til å bruke kameraet, eller skriv inn koden fra e-posten.";

/** "Skann QR-kode": the back camera in the page until a QR code is read, then `onCode` with its text. */
export function QrScanner({ onCode, onClose }: { onCode: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [problem, setProblem] = useState<string>();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    closeButton.current?.focus();
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error("no camera");
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await makeReader();
        setReady(true);
        const tick = async () => {
          if (stopped || !video.current) return;
          const text = await read(video.current).catch(() => undefined);
          if (stopped) return;
          if (text) onCode(text);
          else timer = setTimeout(tick, 200);
        };
        void tick();
      } catch {
        if (!stopped) setProblem(cameraProblem);
      }
    })();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onCode]);

  return (
    <section className="checkin-scanner" aria-label="Skann QR-kode">
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : (
        <p role="status">{ready ? "Hold QR-koden fra e-posten foran kameraet." : "Starter kameraet..."}</p>
      )}
      <video ref={video} muted playsInline aria-label="Kamerabilde" hidden={Boolean(problem)} />
      <button type="button" className="button secondary" ref={closeButton} onClick={onClose}>
        Lukk kameraet
      </button>
    </section>
  );
}
