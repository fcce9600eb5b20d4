// Mainstream rules only, and none that need type information: the whole repository lints in seconds.
// Layout is left to Prettier (.prettierrc.json), which CI checks with `./run format:check`.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import prettier from "eslint-config-prettier";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores(["build/", "node_modules/", "tools/", ".cache/", "docs/", "coverage/", "test-results/"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_`-prefixed names are deliberately unused (destructuring to omit, required signatures).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
    },
  },
  // Layout is Prettier's (./run format): no rule here disagrees with it.
  prettier,
);
