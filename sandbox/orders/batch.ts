/**
 * Batch creation (operations 1 and 2) judges packages one by one, as the reference describes
 * (section 7.2: per package, Success false with Message and ErrorCode). The batch as a whole is
 * refused (400) only when something outside the packages is wrong, when Packages itself breaks a rule
 * (empty, more than 20), or when an invalid package has no PackageId to report it under.
 */
import type { z } from "zod";
import type { PackageResult } from "../../app/fulfilment/schemas";
import { SandboxError, type ErrorEntry } from "../errors";
import { BODY } from "../operation";
import { check } from "../validation";

export type PackageResultBody = z.input<typeof PackageResult>;

/** ErrorCode of a package that breaks a field rule; its Message lists the fields. */
export const INVALID_FIELD = "InvalidField";

const PACKAGE_FIELD = /^Packages\[\d+\]/;

function packagesIn(body: unknown): unknown[] {
  if (typeof body === "object" && body !== null && "Packages" in body && Array.isArray(body.Packages)) return body.Packages;
  return [];
}

function packageIdIn(raw: unknown): string | undefined {
  if (typeof raw === "object" && raw !== null && "PackageId" in raw && typeof raw.PackageId === "string") return raw.PackageId;
  return undefined;
}

export function rejected(packageId: string, errors: readonly ErrorEntry[]): PackageResultBody {
  return {
    PackageId: packageId,
    Success: false,
    Message: errors.map((e) => `${e.Code}: ${e.Message}`).join("; "),
    ErrorCode: INVALID_FIELD,
  };
}

export function accepted(packageId: string, isNew: boolean): PackageResultBody {
  return {
    PackageId: packageId,
    Success: true,
    Message: isNew ? "Accepted; the order is being created" : "Already known; nothing changed",
    ErrorCode: null,
  };
}

type Judged<P> = { ok: true; pkg: P; index: number } | { ok: false; result: PackageResultBody };

/**
 * Checks the batch with the operation's schema, then each package with the package schema. Throws
 * the 400 for batch-level faults; otherwise returns the valid packages (to accept) and the results
 * of the invalid ones, in the order they were sent. Nothing is accepted before all are judged.
 */
export function judgeBatch<P extends z.ZodType>(batchSchema: z.ZodType, packageSchema: P, body: unknown): Judged<z.output<P>>[] {
  const whole = check(batchSchema, body, BODY);
  if (!whole.ok && whole.errors.some((e) => !PACKAGE_FIELD.test(e.Code))) throw new SandboxError(400, whole.errors);
  const unidentified: ErrorEntry[] = [];
  const judged = packagesIn(body).map((raw, index): Judged<z.output<P>> => {
    const source = { prefix: `Packages[${index}]`, rootCode: `Packages[${index}]` };
    const checked = check(packageSchema, raw, source);
    if (checked.ok) return { ok: true, pkg: checked.value, index };
    const packageId = packageIdIn(raw);
    if (packageId === undefined) unidentified.push(...checked.errors);
    return { ok: false, result: rejected(packageId ?? "", checked.errors) };
  });
  if (unidentified.length > 0) throw new SandboxError(400, unidentified);
  return judged;
}
