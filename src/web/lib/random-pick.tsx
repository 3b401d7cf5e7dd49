import { Children, type ReactNode } from "react";

/**
 * Pictures and headlines "drawn at random" are all in the static HTML; a tiny inline script picks one
 * per visit before first paint by setting a data attribute on <html>, and CSS shows only that one.
 * React renders the same markup on server and client, so there is no hydration mismatch and no flicker,
 * and without JavaScript the first choice shows.
 */
export const pickCounts = { bg: 5, headline: 3, book: 3, gear: 4 } as const;
export type PickName = keyof typeof pickCounts;

const entries = Object.entries(pickCounts) as [PickName, number][];

export const pickScript = `(function(d){${entries
  .map(([name, n]) => `d.setAttribute("data-pick-${name}",String(Math.floor(Math.random()*${n})))`)
  .join(";")}})(document.documentElement)`;

export const pickStyle = [
  "[data-pick]>*{display:none!important}",
  ...entries.flatMap(([name, n]) => [
    `html:not([data-pick-${name}]) [data-pick="${name}"]>:first-child{display:revert!important}`,
    ...Array.from({ length: n }, (_, i) => `html[data-pick-${name}="${i}"] [data-pick="${name}"]>:nth-child(${i + 1}){display:revert!important}`),
  ]),
].join("");

export function RandomPick({ name, children, className }: { name: PickName; children: ReactNode; className?: string }) {
  if (Children.count(children) !== pickCounts[name]) {
    throw new Error(`RandomPick "${name}" needs exactly ${pickCounts[name]} children`);
  }
  return (
    <div data-pick={name} className={className}>
      {children}
    </div>
  );
}
