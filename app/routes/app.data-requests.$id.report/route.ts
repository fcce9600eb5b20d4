/**
 * GET /app/data-requests/:id/report: a customer data request's report (everything the app stores
 * about the customer), as a JSON attachment the merchant passes on to the customer. The page fetches
 * it (App Bridge adds the session token to fetches, not to links). The shop's own requests only.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { authenticate } from "~/shopify.server";
import { formatNumber } from "~/lib/format";
import { localeOf } from "~/lib/locale";
import { wordsFor } from "~/lib/words";
import { customerDataReportOf } from "../app.data-requests/data-requests.server";

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const found = await customerDataReportOf(prisma, session.shop, params.id ?? "");
  // Read by the merchant on the page, after "The report could not be downloaded:": the admin's words.
  const locale = localeOf(request);
  const says = wordsFor(locale).dataRequests.report;
  switch (found.kind) {
    case "unknown":
      return plain(404, says.unknown);
    case "not-ready":
      return plain(404, says.notReady);
    case "erased":
      return plain(410, says.erased);
    case "removed":
      return plain(410, says.removed(formatNumber(found.days, locale)));
    case "ready":
      return new Response(JSON.stringify(found.report, null, 2), {
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Content-Disposition": `attachment; filename="${found.fileName}"`,
          "Cache-Control": "no-store",
        },
      });
  }
}
