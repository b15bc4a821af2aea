import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";

/**
 * Pages receive their messages already parsed (platform/i18n/wire-messages.ts),
 * so the browser bundle takes the ICU parser's no-parser entry: the same types
 * and helpers without the parser (about 7 KB compressed). The server keeps the
 * parser: it parses the catalogs and formats mail and API errors.
 */
function noMessageParserInTheBrowser(): Plugin {
  const parser = "@formatjs/icu-messageformat-parser";
  return {
    name: "kingside:no-message-parser-in-the-browser",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== parser || this.environment.name !== "client") return null;
      return this.resolve(`${parser}/no-parser.js`, importer, { ...options, skipSelf: true });
    },
  };
}

export default defineConfig({
  plugins: [noMessageParserInTheBrowser(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: { assetsInlineLimit: 0, sourcemap: process.env.KS_SOURCEMAP === "1" },
});
