/**
 * Access scopes, enforced the way Shopify does: a field or type the token's scopes do not cover
 * resolves to null with an ACCESS_DENIED error. The rules come from the `offline_scopes` section of
 * the published introspection file, so a scope missing from the app's shopify.app.toml shows up in
 * tests (for example `order { customer }` needs read_customers).
 *
 * The rules are prose ("`read_orders` access scope or `read_marketplace_orders` access scope");
 * any one named scope is taken as enough, which can only err on the side of allowing.
 */
import type { AccessRequirement } from "./admin-schema";

/** Scope names a requirement accepts; empty when it names none (or only user permissions). */
export function acceptedScopes(requirement: AccessRequirement): string[] {
  const main = requirement.requiredAccess.split("Also:")[0] ?? "";
  if (/^\s*(the )?user must have/i.test(main)) return [];
  const named = [...main.matchAll(/`([a-z_]+)`(\s+user permissions?)?/g)].filter((m) => !m[2]).map((m) => m[1] ?? "");
  return [...new Set([...named, ...requirement.offlineScopes])].filter(Boolean);
}

/** write_x grants read_x; a bare resource name ("orders") is met by read_orders or write_orders. */
export function scopeSatisfies(granted: readonly string[], wanted: string): boolean {
  if (granted.includes(wanted)) return true;
  const read = /^read_(.+)$/.exec(wanted);
  if (read) return granted.includes(`write_${read[1]}`);
  if (!/^(write|unauthenticated)_/.test(wanted)) return granted.includes(`read_${wanted}`) || granted.includes(`write_${wanted}`);
  return false;
}

/** The requirement the granted scopes fail, if any, for a key (`Type` or `Type.field`). */
export function deniedBy(access: Map<string, AccessRequirement>, key: string, granted: readonly string[]): AccessRequirement | undefined {
  const requirement = access.get(key);
  if (!requirement) return undefined;
  const accepted = acceptedScopes(requirement);
  if (accepted.length === 0) return undefined;
  return accepted.some((scope) => scopeSatisfies(granted, scope)) ? undefined : requirement;
}
