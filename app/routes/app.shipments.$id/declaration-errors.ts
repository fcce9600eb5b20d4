/**
 * What is wrong with a declaration's fields, in the admin's words: each field's label from the
 * page's words (a line's with its number and SKU), each rule's message from `providerRules`; the
 * provider's own words as it said them. The connector and the flow name the field and keep the
 * English (the timeline's and logs' words).
 */
import type { DeclarationFieldError } from "~/connector/declaration";
import type { Words } from "~/lib/words";
import { ruleText } from "~/lib/words/rule-said";

export function declarationErrorsIn(words: Pick<Words, "shipmentPage" | "providerRules">, errors: readonly DeclarationFieldError[]) {
  const page = words.shipmentPage;
  const packageLabels: Readonly<Record<string, string>> = {
    weight: page.packageWeight,
    length: page.length,
    width: page.width,
    height: page.height,
    vatCode: page.vatCode,
    ioss: page.ioss,
  };
  const lineLabels: Readonly<Record<string, string>> = {
    declareNameEn: page.declareNameEn,
    declareNameCn: page.declareNameCn,
    declareValue: page.declareValue,
    hsCode: page.hsCode,
    weight: page.unitWeight,
    materialEn: page.material,
  };
  const labelOf = (error: DeclarationFieldError) => {
    const line = /^lines\.(\d+)\.(\w+)$/.exec(error.field);
    if (line === null) return packageLabels[error.field] ?? error.field;
    const name = line[2] ?? "";
    return words.providerRules.lineField(lineLabels[name] ?? name, Number(line[1]) + 1, error.sku ?? error.field);
  };
  return errors.map((error) => ({ ...error, label: labelOf(error), message: ruleText(words.providerRules, error.message) }));
}
