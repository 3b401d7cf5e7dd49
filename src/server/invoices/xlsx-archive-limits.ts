import yauzl, { type Entry, type ZipFile } from "yauzl";

/**
 * An XLSX file is a zip archive, and exceljs unpacks all of it into memory. A few kilobytes of zip can
 * declare (or, with a lying header, really hold) gigabytes, so the archive is checked here first.
 *
 * Measured: an exceljs export of 5,000 invoices has 16 entries and unpacks to about 2.2 MB (the sheet
 * 1.5 MB, the shared strings 0.7 MB); 50,000 rows (the row cap) would be about 22 MB. Real Excel files have
 * a few dozen entries. The caps leave room for wider cells and stop well before memory is in danger.
 */
export const xlsxLimits = {
  maxEntries: 200,
  maxEntryBytes: 32 * 1024 * 1024,
  maxTotalBytes: 48 * 1024 * 1024,
} as const;

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

export const xlsxLimitMessages = {
  tooManyEntries: `Excel-filen har for mange deler (mer enn ${xlsxLimits.maxEntries}) og leses ikke inn. Listen er ikke endret.`,
  tooLargeUnpacked: `Excel-filen blir for stor når den pakkes ut (mer enn ${megabytes(xlsxLimits.maxTotalBytes)} MB) og leses ikke inn. Listen er ikke endret.`,
  unreadable: "Filen ser ut som en Excel-fil (XLSX), men kan ikke leses.",
} as const;

/** Thrown inside the check when a cap is passed; anything else the zip library throws means "unreadable". */
class LimitPassed extends Error {}

/**
 * Answers a Norwegian reason when the archive must not be opened, or undefined when it is within the caps.
 * Declared sizes (central directory) are checked first, then every entry is actually inflated and counted,
 * so a header that understates an entry's size does not get past; inflating stops at the cap.
 */
export async function checkXlsxArchive(content: Uint8Array): Promise<string | undefined> {
  let zip: ZipFile | undefined;
  try {
    zip = await openZip(Buffer.from(content.buffer, content.byteOffset, content.byteLength));
    if (zip.entryCount > xlsxLimits.maxEntries) return xlsxLimitMessages.tooManyEntries;
    let declared = 0;
    let unpacked = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      declared += entry.uncompressedSize;
      if (entry.uncompressedSize > xlsxLimits.maxEntryBytes || declared > xlsxLimits.maxTotalBytes) {
        return xlsxLimitMessages.tooLargeUnpacked;
      }
      if (!entry.fileName.endsWith("/")) unpacked += await inflatedSize(zip, entry, xlsxLimits.maxTotalBytes - unpacked);
    }
    return undefined;
  } catch (error) {
    // yauzl's own size check fails an entry that inflates to more than its header declared: a lying header.
    const lied = error instanceof Error && /too many bytes/i.test(error.message);
    return error instanceof LimitPassed || lied ? xlsxLimitMessages.tooLargeUnpacked : xlsxLimitMessages.unreadable;
  } finally {
    zip?.close();
  }
}

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // validateEntrySizes: yauzl itself also fails an entry that inflates to more than its header says.
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => (error ? reject(error) : resolve(zip)));
  });
}

/** The next entry from the central directory, or undefined at its end. */
function nextEntry(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      zip.off("entry", onEntry);
      zip.off("end", onEnd);
      zip.off("error", onError);
    };
    const onEntry = (entry: Entry) => (cleanUp(), resolve(entry));
    const onEnd = () => (cleanUp(), resolve(undefined));
    const onError = (error: Error) => (cleanUp(), reject(error));
    zip.on("entry", onEntry);
    zip.on("end", onEnd);
    zip.on("error", onError);
    zip.readEntry();
  });
}

/** Inflates one entry, counting bytes; stops and throws LimitPassed past `budget` or the per-entry cap. */
function inflatedSize(zip: ZipFile, entry: Entry, budget: number): Promise<number> {
  const cap = Math.min(budget, xlsxLimits.maxEntryBytes);
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      let bytes = 0;
      stream.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > cap) {
          stream.destroy();
          reject(new LimitPassed());
        }
      });
      stream.on("error", reject);
      stream.on("end", () => resolve(bytes));
    });
  });
}
