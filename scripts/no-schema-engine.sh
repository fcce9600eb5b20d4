#!/bin/sh
# Prisma 7's CLI insists on a native schema engine before any command, generate included, and would
# download it from a host this machine cannot reach. scripts/prisma.ts names this file instead, so the
# CLI starts; generate never runs it. Anything that does run it wanted Prisma 7 to migrate, which it
# cannot do here: migrations go through the Prisma 6.19 CLI (docs/decisions/0030-prisma-7-runtime.md).
echo "Prisma 7 has no schema engine here: migrate and db commands run on the Prisma 6.19 CLI (./run prisma migrate ..., docs/decisions/0030-prisma-7-runtime.md)." >&2
exit 1
