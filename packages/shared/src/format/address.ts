import type { Address } from '../api/leads.js';
import type { AddressInput } from '../forms/lead.js';

/** The form of an answered address that a call sends back (edit mode starts from it). */
export function toAddressInput(a: Address): AddressInput {
  return {
    street_one: a.streetOne,
    street_two: a.streetTwo,
    city: a.city,
    state_abbrv: a.stateAbbrv as AddressInput['state_abbrv'],
    postal: a.postal,
    place_id: a.placeId,
    latitude: a.latitude,
    longitude: a.longitude,
  };
}
