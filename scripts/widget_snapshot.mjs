// A memory snapshot of the site's Pyodide with cardrules already imported, so the widget starts
// from it instead of starting Python and importing the package in the reader's browser.
//
//   node scripts/widget_snapshot.mjs <pyodide runtime dir> <wheel> <bytecode zip or -> <output .gz>
//
// Run by scripts/build_widget.py. Pyodide (node_modules/pyodide, the very runtime the site
// serves) starts with `_makeSnapshot`, installs the wheel (and its bytecode), imports the modules
// the widget uses, reads the catalogues of words and the glossary once, then writes its memory,
// gzip-compressed (most of it is Pyodide's own start-up state; the browser decompresses it with
// DecompressionStream). The worker (docs/assets/widget/worker.js) loads it with `_loadSnapshot`
// and falls back to the normal start if it cannot. The files of the wheel are not in the
// snapshot (they live in the JS file system): the worker still unpacks the wheel.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [runtimeDir, wheelPath, bytecodePath, outPath] = process.argv.slice(2);
if (!runtimeDir || !wheelPath || !bytecodePath || !outPath) {
  console.error("usage: node widget_snapshot.mjs <runtime dir> <wheel> <bytecode zip or -> <out.gz>");
  process.exit(2);
}
const runtime = resolve(runtimeDir) + "/";
const { loadPyodide } = await import(pathToFileURL(runtime + "pyodide.mjs").href);
// The same settings as the worker's normal start.
const pyodide = await loadPyodide({
  indexURL: runtime, fullStdLib: false, convertNullToNone: true, _makeSnapshot: true,
});
const sitePackages = pyodide.runPython(
  "import sys\nnext(p for p in sys.path if p.endswith('site-packages'))"
);
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: sitePackages });
if (bytecodePath !== "-") {
  pyodide.unpackArchive(new Uint8Array(readFileSync(bytecodePath)), "zip", { extractDir: sitePackages });
}
const count = pyodide.runPython(`
import gc, sys

# What the widget calls (cardrules.web, play mode, the practice page and the lookup), and
# the data they read from files at their first use: the catalogues and the glossary.
import cardrules.web, cardrules.web.play, cardrules.learn.practice, cardrules.learn.glossary
import cardrules.bots, cardrules.match
from cardrules.words import languages, words

for lang in languages():
    words(lang)
cardrules.learn.glossary.terms()
gc.collect()
len([name for name in sys.modules if name.startswith("cardrules")])
`);
const memory = pyodide.makeMemorySnapshot();
const packed = gzipSync(memory, { level: 9 });
writeFileSync(outPath, packed);
console.log(`${count} modules imported; memory ${memory.length} bytes, ${packed.length} gzipped, ` +
  `into ${outPath}`);
