import { addressInput } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { AUTOCOMPLETE_OPTIONS, type PlaceResult, placeToAddress } from './google-place-address';

// A place as Places Autocomplete answers it for "Empire State Building" (fields of AUTOCOMPLETE_OPTIONS).
const empireStateBuilding: PlaceResult = {
  address_components: [
    { long_name: '20', short_name: '20', types: ['street_number'] },
    { long_name: 'West 34th Street', short_name: 'W 34th St', types: ['route'] },
    { long_name: 'Manhattan', short_name: 'Manhattan', types: ['sublocality_level_1', 'sublocality', 'political'] },
    { long_name: 'New York', short_name: 'New York', types: ['locality', 'political'] },
    {
      long_name: 'New York County',
      short_name: 'New York County',
      types: ['administrative_area_level_2', 'political'],
    },
    { long_name: 'New York', short_name: 'NY', types: ['administrative_area_level_1', 'political'] },
    { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
    { long_name: '10001', short_name: '10001', types: ['postal_code'] },
  ],
  geometry: { location: { lat: () => 40.7484405, lng: () => -73.9856644 } },
  place_id: 'ChIJaXQRs6lZwokRY6EFpJnhNNE',
  name: 'Empire State Building',
  formatted_address: '20 W 34th St., New York, NY 10001, USA',
};

describe('placeToAddress: a chosen place resolves to address parts', () => {
  it('turns a Places result into the address the calls send', () => {
    const address = placeToAddress(empireStateBuilding);
    expect(address).toEqual({
      street_one: '20 West 34th Street',
      street_two: null,
      city: 'New York',
      state_abbrv: 'NY',
      postal: '10001',
      latitude: 40.7484405,
      longitude: -73.9856644,
      place_id: 'ChIJaXQRs6lZwokRY6EFpJnhNNE',
    });
    expect(addressInput.safeParse(address).success).toBe(true);
  });

  it('converts a state name to its two-letter abbreviation', () => {
    const place: PlaceResult = {
      ...empireStateBuilding,
      address_components: [
        { long_name: '1', short_name: '1', types: ['street_number'] },
        { long_name: 'Market Street', short_name: 'Market St', types: ['route'] },
        { long_name: 'San Francisco', short_name: 'SF', types: ['locality', 'political'] },
        // Some answers carry the name in both forms.
        { long_name: 'California', short_name: 'California', types: ['administrative_area_level_1', 'political'] },
        { long_name: '94105', short_name: '94105', types: ['postal_code'] },
      ],
    };
    expect(placeToAddress(place)).toMatchObject({ city: 'San Francisco', state_abbrv: 'CA', postal: '94105' });
  });

  it('takes the sublocality or postal town when there is no locality, and the name when there is no street', () => {
    const place: PlaceResult = {
      address_components: [
        { long_name: 'Brooklyn', short_name: 'Brooklyn', types: ['sublocality_level_1', 'sublocality', 'political'] },
        { long_name: 'New York', short_name: 'NY', types: ['administrative_area_level_1', 'political'] },
        { long_name: '11201', short_name: '11201', types: ['postal_code'] },
      ],
      name: 'Brooklyn Bridge Park',
      place_id: 'abc',
    };
    expect(placeToAddress(place)).toMatchObject({
      street_one: 'Brooklyn Bridge Park',
      city: 'Brooklyn',
      state_abbrv: 'NY',
      latitude: null,
      longitude: null,
    });
  });

  it('answers null for a place without an address', () => {
    expect(placeToAddress({ name: 'typed text' })).toBeNull();
  });

  it('searches US establishments only', () => {
    expect(AUTOCOMPLETE_OPTIONS.componentRestrictions).toEqual({ country: 'us' });
    expect(AUTOCOMPLETE_OPTIONS.types).toEqual(['establishment']);
  });
});
