// ESLint's rules for the page's scripts (service/web/static/*.js), run by
// tests/architecture/test_lint.py: the recommended set, for ES modules in a browser, plus what
// keeps the code plain.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      "no-implicit-globals": "error",
      "no-shadow": "error",
      "no-unused-vars": ["error", { args: "after-used" }],
    },
  },
];
