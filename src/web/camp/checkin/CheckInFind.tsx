import type { Dispatch, FormEvent, SetStateAction } from "react";
import { QrScanner } from "../../components/door/QrScanner.tsx";

/** Finding a participant: search by name or club, scan the QR code, or type the code from the mail. */
export function CheckInFind({
  id,
  query,
  onQuery,
  onSearch,
  scanning,
  onScanning,
  onScanned,
  code,
  onCode,
  onFindCode,
}: {
  id: string;
  query: string;
  onQuery: (query: string) => void;
  onSearch: (event: FormEvent) => void;
  scanning: boolean;
  onScanning: Dispatch<SetStateAction<boolean>>;
  onScanned: (text: string) => void;
  code: string;
  onCode: (code: string) => void;
  onFindCode: () => void;
}) {
  return (
    <section className="checkin-find" aria-label="Finn deltaker">
      <form role="search" onSubmit={onSearch} className="checkin-search">
        <label htmlFor={`${id}-q`}>Søk etter navn eller klubb</label>
        <div className="checkin-row">
          <input
            id={`${id}-q`}
            type="search"
            value={query}
            onChange={(event) => onQuery(event.target.value)}
            autoComplete="off"
            enterKeyHint="search"
          />
          <button type="submit" className="button">
            Søk
          </button>
        </div>
      </form>
      <button type="button" className="button checkin-scan" aria-expanded={scanning} onClick={() => onScanning((open) => !open)}>
        Skann QR-kode
      </button>
      {scanning && <QrScanner onCode={onScanned} onClose={() => onScanning(false)} />}
      <form
        className="checkin-code"
        onSubmit={(event) => {
          event.preventDefault();
          onFindCode();
        }}
      >
        <label htmlFor={`${id}-code`}>Eller skriv inn koden fra e-posten</label>
        <div className="checkin-row">
          <input
            id={`${id}-code`}
            value={code}
            onChange={(event) => onCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <button type="submit" className="button secondary">
            Finn
          </button>
        </div>
      </form>
    </section>
  );
}
