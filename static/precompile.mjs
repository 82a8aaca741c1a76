// node static/precompile.mjs <pyodide dir> <wheels in> <wheels out> <names keeping source,...>
//   <names compiled without docstrings,...>
// Starts Pyodide under Node and runs static/precompile.py on the host's folders (NODEFS).
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const [pyodideDir, inDir, outDir, keep = "", strip = ""] = process.argv.slice(2);
const { loadPyodide } = await import(resolve(pyodideDir, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
for (const [mount, host] of [["/in", inDir], ["/out", outDir]]) {
  py.FS.mkdirTree(mount);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(host) }, mount);
}
const here = dirname(fileURLToPath(import.meta.url));
py.runPython(readFileSync(join(here, "precompile.py"), "utf8"));
py.globals.get("main")("/in", "/out", keep, strip);
