/** A band of days as the admin's language writes it: "0–30", "Over 330"; "超过 330". */
import { useFormat, useWords } from "~/components/locale";
import { bandDays, type AgeBand } from "~/connector/inventory-age";

export function useBandLabel(): (first: AgeBand, last?: AgeBand) => string {
  const format = useFormat();
  const words = useWords().inventoryAge;
  return (first, last) => {
    const { from, to } = bandDays(first, last);
    return words.band(format.number(from), to === null ? null : format.number(to));
  };
}
