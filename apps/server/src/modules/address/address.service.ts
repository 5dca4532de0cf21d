import { notFound } from '../../http/errors.js';

// The offline ZIP table: the `zipcodes` package, US and Canadian codes; addresses
// are US only, so a Canadian code is unknown here.

export interface ZipPlace {
  postal: string;
  city: string;
  stateAbbrv: string;
  latitude: number;
  longitude: number;
}

// The table is large: it loads on the first lookup, not at start.
let zipTable: Promise<typeof import('zipcodes')> | undefined;
const loadZipTable = () => {
  zipTable ??= import('zipcodes').then((m) => m.default);
  return zipTable;
};

/**
 * The city, state and coordinates of a US ZIP code (as the shared postalField lets through);
 * undefined when the table does not know it.
 */
export async function findZipPlace(postal: string): Promise<ZipPlace | undefined> {
  const found = (await loadZipTable()).lookup(postal);
  if (found?.country !== 'US') return undefined;
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
