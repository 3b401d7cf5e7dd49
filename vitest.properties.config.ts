import { defineConfig, mergeConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import base from "./vitest.config.ts";

/**
 * `npm run test:properties` (run by .ci/run): the deep property passes on two workers, with the main config.
 *
 * Vitest starts the files it remembers as longest first, but it remembers their times from `npm test`'s quick
 * pass, where the deep pass's longest files are among the short ones: started late, one of them would run on
 * alone at the end while the other worker idles. So these start first, longest first (the admin's hostile
 * inputs, then the ledger's 1,000 sequences on each database), and the rest follow in Vitest's own order.
 */
const longestFirst = ["fuzz-admin.test.ts", "camp-ledger-pglite.property.test.ts", "camp-ledger-postgres.property.test.ts"];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = longestFirst.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index === -1 ? longestFirst.length : index;
    };
    // Array.prototype.sort is stable: the files not named keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default mergeConfig(base, defineConfig({ test: { sequence: { sequencer: LongestFirstSequencer } } }));
