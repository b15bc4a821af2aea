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

const rootModule = fileURLToPath(new URL("./src/root.tsx", import.meta.url));
/** The modules every page loads: root.tsx's static imports, transitively (filled at buildEnd). */
const shellModules = new Set<string>();
const reactDomShared = /node_modules[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)$/;

/**
 * Every page loads the root route and everything it imports statically. Left
 * to itself the bundler splits that set by which pages also import each piece,
 * into some 25 chunks of 0.1–2 KB, each a request and each compressed alone.
 * This plugin records the set so that one chunk group takes all of it.
 */
function shellChunk(): Plugin {
  return {
    name: "kingside:shell-chunk",
    buildEnd() {
      if (this.environment.name !== "client") return;
      shellModules.clear();
      const pending = [rootModule];
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (shellModules.has(id)) continue;
        const info = this.getModuleInfo(id);
        if (!info) continue;
        shellModules.add(id);
        pending.push(...info.importedIds);
      }
      shellModules.delete(rootModule);
    },
  };
}

export default defineConfig({
  plugins: [noMessageParserInTheBrowser(), shellChunk(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: {
    assetsInlineLimit: 0,
    sourcemap: process.env.KS_SOURCEMAP === "1",
    rolldownOptions: {
      output: {
        codeSplitting: {
          // react-dom's small shared half (portals, flushSync) goes with it: the entry holds react-dom/client.
          groups: [{ name: "shell", test: (id) => shellModules.has(id) || reactDomShared.test(id) }],
        },
      },
    },
  },
});
