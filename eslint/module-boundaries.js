/**
 * Module boundary zones (docs/decisions/0011), as a local ESLint rule: each
 * relative import is resolved against the importing file, so the rule holds at
 * any folder depth (a specifier pattern cannot tell "../accounts/" in a
 * feature's root from the same text one folder deeper).
 *
 * 1. The platform (src/platform, src/ui, src/shared, src/chess, src/server/plugins)
 *    never imports a feature (src/features) or the composition root (src/app).
 * 2. The process (src/server, outside the seeding code) reaches features only
 *    through the composition root.
 * 3. A feature never imports another feature's tables (*.tables.server.ts),
 *    nor the platform's: it uses the owner's service. Tests and test kits may,
 *    to set up their fixtures.
 */
import { dirname, relative, resolve, sep } from "node:path";

const platformFolders = ["src/platform/", "src/ui/", "src/shared/", "src/chess/", "src/server/plugins/"];
const testFile = /\.test\.tsx?$|[.-]test-(kit|support)|\/test-browser\.ts$|^src\/test\//;

function zoneOf(path) {
  if (platformFolders.some((folder) => path.startsWith(folder))) return { kind: "platform" };
  const feature = /^src\/features\/([^/]+)\//.exec(path);
  if (feature) return { kind: "feature", name: feature[1] };
  if (path.startsWith("src/app/")) return { kind: "app" };
  if (path.startsWith("src/server/seed/")) return { kind: "seed" };
  if (path.startsWith("src/server/")) return { kind: "process" };
  return { kind: "other" };
}

/** Why `from` may not import `to` (paths relative to the project, with "/"), or null when it may. */
export function boundaryViolation(from, to) {
  const source = zoneOf(from);
  const target = zoneOf(to);
  if (source.kind === "platform" && (target.kind === "feature" || target.kind === "app")) {
    return "The platform never imports a feature or the composition root: take what you need through a feature definition (src/app/features.server.ts) or a slot.";
  }
  if (source.kind === "process" && target.kind === "feature") {
    return "The process reaches features only through the composition root (src/app/features.server.ts).";
  }
  const isTables = /\.tables\.server(\.ts)?$/.test(to);
  if (source.kind === "feature" && isTables && !(target.kind === "feature" && target.name === source.name) && !testFile.test(from)) {
    return "A feature never imports another owner's tables: use that feature's service (e.g. the accounts member directory).";
  }
  return null;
}

/** No file is exempt: the rule takes no allow-list (decision 0051). */
export function createModuleBoundaries({ root }) {
  const toProjectPath = (absolute) => relative(root, absolute).split(sep).join("/");
  return {
    meta: {
      type: "problem",
      docs: { description: "Keeps the platform, the composition root and the features apart (docs/decisions/0011)." },
      schema: [],
      messages: { boundary: "{{why}} ({{specifier}})" },
    },
    create(context) {
      const from = toProjectPath(context.filename);
      function check(node) {
        const specifier = node?.type === "Literal" && typeof node.value === "string" ? node.value : null;
        if (!specifier || !specifier.startsWith(".")) return;
        const to = toProjectPath(resolve(dirname(context.filename), specifier));
        const why = boundaryViolation(from, to);
        if (why) context.report({ node, messageId: "boundary", data: { why, specifier } });
      }
      return {
        ImportDeclaration: (node) => check(node.source),
        ExportNamedDeclaration: (node) => check(node.source),
        ExportAllDeclaration: (node) => check(node.source),
        ImportExpression: (node) => check(node.source),
      };
    },
  };
}
