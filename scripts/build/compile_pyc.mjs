// Compile Python sources to bytecode with the vendored Pyodide itself, run by Node.js.
//
//   node scripts/build/compile_pyc.mjs PYODIDE_DIR WORK_DIR
//
// Every NAME.py under WORK_DIR gets a NAME.pyc beside it: the bytecode of Pyodide's own
// Python (the browser's, whatever Python runs the build), as an "unchecked hash" .pyc, which
// the import system loads without looking at the source's time or content. scripts/build/pyc.py
// runs this for our modules (scripts/build/bundle.py) and for Pyodide's standard library
// (scripts/build/vendor.py), so that pages unmarshal modules instead of compiling them on every
// load. The code name of each module is its path under WORK_DIR (app/page.py).
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, workDir] = process.argv.slice(2);
if (!pyodideDir || !workDir) {
  console.error("usage: node scripts/build/compile_pyc.mjs PYODIDE_DIR WORK_DIR");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), "pyodide.mjs")).href);
// PYTHONNODEBUGRANGES: no column positions in the code (a fifth smaller; tracebacks keep lines).
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + path.sep,
  env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" },
});
pyodide.mountNodeFS("/sources", path.resolve(workDir));
// A module that does not compile (a syntax error being edited) gets no .pyc: it is reported
// here and reaches the page as source, where Python reports the error as it would without this.
pyodide.runPython(`
import pathlib, py_compile, sys

root = pathlib.Path("/sources")
for source in sorted(root.rglob("*.py")):
    name = source.relative_to(root).as_posix()
    try:
        py_compile.compile(str(source), cfile=str(source) + "c", dfile=name, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    except py_compile.PyCompileError as error:
        print(f"compile_pyc.mjs: {name} left as source: {error.msg}", file=sys.stderr)
`);
