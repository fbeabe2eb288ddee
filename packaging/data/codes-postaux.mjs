#!/usr/bin/env node
// Regenerates demo/src/member_api/rules/codes-postaux.tsv.br, the French postal communes embedded in the
// demo member API, from the etalab `codes-postaux` npm package (MIT, see NOTICE).
//
//   node packaging/data/codes-postaux.mjs
//
// Needs npm (with registry access) and tar; the build itself never touches the network, it only
// includes the committed file. The version is pinned, and so is the tarball's integrity, so that
// a republished package cannot change the data behind our back: bump both together.
//
// Output: one line per (postal code, commune) pair, sorted, tab-separated, no header:
//   codePostal  codeCommune (INSEE)  nomCommune  libelleAcheminement
// compressed with brotli at its highest quality (about 400 kB instead of 1.3 MB of text).

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

const PACKAGE = "codes-postaux";
const VERSION = "4.1.2";
const INTEGRITY =
  "sha512-naSV2sect0t5YmX9GhQgvBD/eLGtdhbhMSEu2eYx7Gwd2zpzH2qY2CQI2r41zb5/97YOuIwLVbuHxA1TCDuIZA==";
const COLUMNS = ["codePostal", "codeCommune", "nomCommune", "libelleAcheminement"];

const repository = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const output = join(repository, "demo", "src", "member_api", "rules", "codes-postaux.tsv.br");

const workdir = mkdtempSync(join(tmpdir(), "codes-postaux-"));
try {
  const tarball = join(workdir, `${PACKAGE}-${VERSION}.tgz`);
  execFileSync("npm", ["pack", `${PACKAGE}@${VERSION}`, "--pack-destination", workdir, "--silent"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const integrity = "sha512-" + createHash("sha512").update(readFileSync(tarball)).digest("base64");
  if (integrity !== INTEGRITY) {
    throw new Error(`${tarball}: integrity ${integrity}, expected ${INTEGRITY}`);
  }
  execFileSync("tar", ["-xzf", tarball, "-C", workdir, "package/codes-postaux.json"]);

  const entries = JSON.parse(readFileSync(join(workdir, "package", "codes-postaux.json"), "utf8"));
  const lines = [...new Set(entries.map(toLine))].sort();
  const text = Buffer.from(lines.map((line) => line + "\n").join(""), "utf8");
  const compressed = brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
    },
  });
  writeFileSync(output, compressed);
  console.log(`${output}: ${lines.length} communes, ${compressed.length} bytes (${PACKAGE} ${VERSION})`);
} finally {
  rmSync(workdir, { recursive: true, force: true });
}

// Refuses anything the Rust loader could misread rather than writing a file it would reject.
function toLine(entry) {
  const fields = COLUMNS.map((column) => entry[column]);
  if (fields.some((field) => typeof field !== "string" || field === "" || /[\t\r\n]/.test(field))) {
    throw new Error(`unexpected entry ${JSON.stringify(entry)}`);
  }
  if (!/^\d{5}$/.test(entry.codePostal)) {
    throw new Error(`postal code is not 5 digits: ${JSON.stringify(entry)}`);
  }
  return fields.join("\t");
}
