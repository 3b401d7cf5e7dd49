/** Before the run: the build must be there (unless RELIABILITY_SERVER=source). After: the doc section (RELIABILITY_DOC=1). */
import { waitForBuild } from "../../../scripts/bench/server.mjs";
import { fromSource } from "./environment.ts";
import { writeReliabilityDoc } from "./report.ts";

export default async function setup() {
  if (!fromSource) await waitForBuild();
  return async () => {
    if (process.env.RELIABILITY_DOC === "1") {
      await writeReliabilityDoc(fromSource ? "`src/server/main.ts` through tsx (RELIABILITY_SERVER=source)" : "`build/node/main.js`");
    }
  };
}
