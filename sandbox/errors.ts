/**
 * The provider's error body (DESIGN.md section 6), and the exception handlers throw to answer with
 * it. `Code` names the field for validation errors, so a merchant can see what to fix.
 */
export interface ErrorEntry {
  Code: string;
  Message: string;
}

export interface ErrorBody {
  Errors: ErrorEntry[];
  TicketId: string;
  UtcDateTime: string;
  RequestUri: string;
}

export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ErrorEntry[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((e) => `${e.Code}: ${e.Message}`).join("; "));
    this.name = "SandboxError";
  }
}

export const invalid = (code: string, message: string) => new SandboxError(400, [{ Code: code, Message: message }]);
export const notFound = (code: string, message: string) => new SandboxError(404, [{ Code: code, Message: message }]);

export function errorBody(errors: ErrorEntry[], ticketId: string, now: number, requestUri: string): ErrorBody {
  return { Errors: errors, TicketId: ticketId, UtcDateTime: new Date(now).toISOString(), RequestUri: requestUri };
}
