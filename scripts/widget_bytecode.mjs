// Compile the cardrules wheel to bytecode for the site's Pyodide, so the widget starts faster.
//
//   node scripts/widget_bytecode.mjs <pyodide runtime dir> <wheel> <output zip>
//
// Run by scripts/build_widget.py (which scripts/build_site.sh runs before MkDocs). The wheel is
// installed into the Pyodide that the site serves (node_modules/pyodide, the same CPython); the
// modules the widget imports are compiled there as unchecked-hash .pyc files (the browser
// unpacks files without their modification times) and zipped, paths relative to site-packages.
// The widget unpacks that zip over the installed wheel; Python then imports the bytecode instead
// of compiling the sources.
// A zip that does not fit (another Python) is harmless: Python falls back to the sources.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [runtimeDir, wheelPath, outPath] = process.argv.slice(2);
if (!runtimeDir || !wheelPath || !outPath) {
  console.error("usage: node widget_bytecode.mjs <pyodide runtime dir> <wheel> <output zip>");
  process.exit(2);
}
const runtime = resolve(runtimeDir) + "/";
const { loadPyodide } = await import(pathToFileURL(runtime + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: runtime });
const sitePackages = pyodide.runPython(
  "import sys\nnext(p for p in sys.path if p.endswith('site-packages'))"
);
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: sitePackages });
pyodide.globals.set("site_packages", sitePackages);
const count = pyodide.runPython(`
import importlib.util, pathlib, py_compile, sys, zipfile

# Only what the widget imports: the package, cardrules.web, and what its answers need.
import cardrules.web, cardrules.bots, cardrules.learn.glossary, cardrules.match, cardrules.web.play, cardrules.learn.practice

root = pathlib.Path(site_packages)
package = root / "cardrules"
files = []
for name, module in sorted(sys.modules.items()):
    source = getattr(module, "__file__", None)
    if not name.startswith("cardrules") or not source or package not in pathlib.Path(source).parents:
        continue
    cached = importlib.util.cache_from_source(source)
    py_compile.compile(source, cfile=cached, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    files.append(pathlib.Path(cached))
with zipfile.ZipFile("/tmp/bytecode.zip", "w", zipfile.ZIP_DEFLATED) as archive:
    for path in files:
        archive.write(path, path.relative_to(root).as_posix())
len(files)
`);
writeFileSync(outPath, pyodide.FS.readFile("/tmp/bytecode.zip"));
console.log(`${count} modules compiled for Pyodide ${pyodide.version} into ${outPath}`);
