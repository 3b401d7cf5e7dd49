import type { Grade } from "./grades.ts";

/**
 * The belt grades, lowest first; the server seeds its database from this list. `grade` is the number
 * on the belt (10. cup up to 1. cup, then 1. dan upwards); striped belts carry a decimal (7.1).
 */
export const SEED_GRADES: readonly Grade[] = [
  { gradeId: 1, name: "Hvitt", grade: 10, isDan: false },
  { gradeId: 2, name: "Hvitt med gul stripe", grade: 9, isDan: false },
  { gradeId: 3, name: "Gult med hvit stripe", grade: 8.1, isDan: false },
  { gradeId: 4, name: "Gult", grade: 8, isDan: false },
  { gradeId: 5, name: "Gult med grønn stripe", grade: 7.1, isDan: false },
  { gradeId: 6, name: "Grønt", grade: 7, isDan: false },
  { gradeId: 7, name: "Grønt med blå stripe", grade: 6.1, isDan: false },
  { gradeId: 8, name: "Blått", grade: 6, isDan: false },
  { gradeId: 9, name: "Blått med en tynn rød stripe", grade: 5.1, isDan: false },
  { gradeId: 10, name: "Blått med en rød stripe", grade: 5, isDan: false },
  { gradeId: 11, name: "Rødt", grade: 4, isDan: false },
  { gradeId: 12, name: "Rødt med en sort stripe", grade: 3, isDan: false },
  { gradeId: 13, name: "Rødt med to sorte striper", grade: 2, isDan: false },
  { gradeId: 14, name: "Rødt med tre sorte striper", grade: 1, isDan: false },
  { gradeId: 15, name: "1. dan", grade: 1, isDan: true },
  { gradeId: 16, name: "2. dan", grade: 2, isDan: true },
  { gradeId: 17, name: "3. dan", grade: 3, isDan: true },
  { gradeId: 18, name: "4. dan", grade: 4, isDan: true },
  { gradeId: 19, name: "5. dan", grade: 5, isDan: true },
  { gradeId: 20, name: "6. dan", grade: 6, isDan: true },
  { gradeId: 21, name: "7. dan", grade: 7, isDan: true },
  { gradeId: 22, name: "8. dan", grade: 8, isDan: true },
  { gradeId: 23, name: "9. dan", grade: 9, isDan: true },
];
