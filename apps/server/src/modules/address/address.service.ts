import { notFound } from '../../http/errors.js';
import { loadZipTable, type ZipTable } from './zip-table.js';

// The offline ZIP table: the `zipcodes` package's US codes, kept compact (zip-table.ts); addresses
// are US only, so a Canadian code is unknown here.

export interface ZipPlace {
  postal: string;
  city: string;
  stateAbbrv: string;
  latitude: number;
  longitude: number;
}

// The table loads on the first lookup, not at start.
let zipTable: Promise<ZipTable> | undefined;

/**
 * The city, state and coordinates of a US ZIP code (as the shared postalField lets through);
 * undefined when the table does not know it.
 */
export async function findZipPlace(postal: string): Promise<ZipPlace | undefined> {
  zipTable ??= loadZipTable();
  const found = (await zipTable).lookup(postal);
  if (!found) return undefined;
  return {
    postal: found.zip,
    city: found.city,
    stateAbbrv: found.state,
    latitude: found.latitude,
    longitude: found.longitude,
  };
}

/** /address/zip: 404 ADDRESS_ZIP_NOT_FOUND for a code the table does not know. */
export async function lookupZip(postal: string): Promise<ZipPlace> {
  const place = await findZipPlace(postal);
  if (!place) throw notFound('ADDRESS_ZIP_NOT_FOUND');
  return place;
}
