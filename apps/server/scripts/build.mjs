#!/usr/bin/env node
// Compiles the server for production: each source file becomes one JavaScript file under dist/
// at the same depth, so paths resolved from import.meta.url (drizzle/, ../web/dist, language
// data) stay valid. @workbench/contracts is TypeScript source, which Node cannot load: it is
// compiled once into dist/_contracts.js and the imports are pointed at that file.
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const serverRoot = fileURLToPath(new URL("..", import.meta.url));
const srcDir = path.join(serverRoot, "src");
const outDir = path.join(serverRoot, "dist");
const contractsOut = path.join(outDir, "_contracts.js");

const entryPoints = readdirSync(srcDir, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.endsWith(".d.ts"))
  .filter((file) => !/(^|\/)(test-[^/]*|.*\.bench)\.ts$/.test(file))
  .map((file) => path.join(srcDir, file));

const common = { platform: "node", format: "esm", target: "node20", sourcemap: true, logLevel: "warning" };

/** Leaves every import as written except the contracts package, pointed at its compiled copy. */
const contractsPlugin = {
  name: "contracts",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      if (args.path === "@workbench/contracts") {
        let relative = path.relative(path.dirname(args.importer.replace(srcDir, outDir)), contractsOut);
        if (!relative.startsWith(".")) relative = `./${relative}`;
        return { path: relative, external: true };
      }
      return { path: args.path, external: true };
    });
  },
};

rmSync(outDir, { recursive: true, force: true });
await Promise.all([
  build({ ...common, entryPoints, outdir: outDir, outbase: srcDir, bundle: true, plugins: [contractsPlugin] }),
  build({
    ...common,
    entryPoints: [fileURLToPath(import.meta.resolve("@workbench/contracts"))],
    outfile: contractsOut,
    bundle: true,
    packages: "external",
  }),
]);
console.log(`server compiled: ${entryPoints.length} files into ${path.relative(process.cwd(), outDir) || "."}`);
