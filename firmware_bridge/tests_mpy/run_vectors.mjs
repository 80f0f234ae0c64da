// Runs vectors.py under MicroPython (WebAssembly port) with the firmware's pure modules
// installed as the package `bridgefw`, exactly as on the Pico. Prints vectors.py's output.
// usage: node run_vectors.mjs <firmware dir> <vectors.py>
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const [fwDir, vectors] = process.argv.slice(2);
const PURE = ["__init__.py", "crc.py", "cobs.py", "framing.py", "messages.py", "debounce.py",
              "effects.py", "device.py", "hall.py", "hallcore.py"];
const lines = [];
const mp = await loadMicroPython({
  heapsize: 8 * 1024 * 1024,
  stdout: (line) => lines.push(line),
  stderr: (line) => lines.push("STDERR " + line),
});
mp.FS.mkdir("/lib");
mp.FS.mkdir("/lib/bridgefw");
for (const name of PURE) {
  mp.FS.writeFile("/lib/bridgefw/" + name, readFileSync(join(fwDir, name)));
}
mp.FS.writeFile("/lib/vectors.py", readFileSync(vectors));
let failed = false;
try {
  mp.runPython("import sys\nsys.path.insert(0, '/lib')\nimport vectors\nfor l in vectors.lines():\n    print(l)\n");
} catch (e) {
  failed = true;
  lines.push("EXCEPTION " + e.message);
}
process.stdout.write(lines.join("\n") + "\n");
process.exit(failed ? 1 : 0);
