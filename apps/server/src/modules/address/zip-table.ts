import fs from 'node:fs/promises';
import { createRequire } from 'node:module';

// The `zipcodes` package's US table (42,555 codes) in a compact form: the package's own module holds
// every code as an object (~88 MB of heap, for good); read here from its data file into typed arrays
// (~2 MB), one code at a time, so loading it never holds the table as objects.

export interface ZipEntry {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

export interface ZipTable {
  lookup(zip: string): ZipEntry | undefined;
  size: number;
}

// One US code of the data file: {"zip":"10001","latitude":40.7484,"longitude":-73.9967,"city":"New York","state":"NY","country":"US"}
const US_CODE =
  /"(\d{5})":\{"zip":"\d{5}","latitude":(-?[\d.]+),"longitude":(-?[\d.]+),"city":"((?:[^"\\]|\\.)*)","state":"([A-Z]{2})","country":"US"\}/g;
const CODES = 100_000;

/** The table from the text of zipcodes/lib/codes.js. */
export function compactZipTable(source: string): ZipTable {
  // Code → entry + 1 (0: unknown); entries in file order.
  const entryOf = new Uint32Array(CODES);
  const latitudes: number[] = [];
  const longitudes: number[] = [];
  const cityOf: number[] = [];
  const stateOf: number[] = [];
  const cities: string[] = [];
  const states: string[] = [];
  const cityIndex = new Map<string, number>();
  const stateIndex = new Map<string, number>();
  const indexOf = (map: Map<string, number>, list: string[], value: string) => {
    let index = map.get(value);
    if (index === undefined) {
      index = list.push(value) - 1;
      map.set(value, index);
    }
    return index;
  };
  for (const m of source.matchAll(US_CODE)) {
    const city = m[4]!.includes('\\') ? (JSON.parse(`"${m[4]}"`) as string) : m[4]!;
    entryOf[Number(m[1])] = latitudes.push(Number(m[2]));
    longitudes.push(Number(m[3]));
    cityOf.push(indexOf(cityIndex, cities, city));
    stateOf.push(indexOf(stateIndex, states, m[5]!));
  }
  if (latitudes.length === 0) throw new Error('zipcodes: no US code found in its data file');
  const lat = Float64Array.from(latitudes);
  const lon = Float64Array.from(longitudes);
  const city = Uint32Array.from(cityOf);
  const state = Uint8Array.from(stateOf);
  return {
    size: lat.length,
    lookup(zip) {
      if (!/^\d{5}$/.test(zip)) return undefined;
      const entry = entryOf[Number(zip)]!;
      if (entry === 0) return undefined;
      const i = entry - 1;
      return { zip, city: cities[city[i]!]!, state: states[state[i]!]!, latitude: lat[i]!, longitude: lon[i]! };
    },
  };
}

/** The table, read from the installed package's data file. */
export async function loadZipTable(): Promise<ZipTable> {
  const file = createRequire(import.meta.url).resolve('zipcodes/lib/codes.js');
  return compactZipTable(await fs.readFile(file, 'utf8'));
}
