import { type AddressInput, toStateAbbreviation } from '@leadcircle/shared';

// What the address field uses of Google's Places library (@types/google.maps is not installed:
// the script is loaded only when a key is configured).

export interface PlaceAddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

export interface PlaceResult {
  address_components?: PlaceAddressComponent[];
  geometry?: { location?: { lat: () => number; lng: () => number } };
  place_id?: string;
  name?: string;
  formatted_address?: string;
}

export interface PlacesAutocomplete {
  addListener: (event: 'place_changed', handler: () => void) => { remove: () => void };
  getPlace: () => PlaceResult;
}

export interface GoogleMapsPlaces {
  maps: {
    places: {
      Autocomplete: new (
        input: HTMLInputElement,
        options: { componentRestrictions: { country: string }; types: string[]; fields: string[] },
      ) => PlacesAutocomplete;
    };
    event: { clearInstanceListeners: (instance: unknown) => void };
  };
}

// Address search is restricted to US establishments.
export const AUTOCOMPLETE_OPTIONS = {
  componentRestrictions: { country: 'us' },
  types: ['establishment'],
  fields: ['address_components', 'geometry', 'place_id', 'name', 'formatted_address'],
};

export function googleMapsScriptUrl(apiKey: string): string {
  return `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&libraries=places`;
}

/**
 * A chosen place as the calls send an address: street number and route, the city
 * (locality, else sublocality or postal town), the state's two-letter abbreviation, the ZIP code, the
 * coordinates and the place id. Parts Google does not give are left empty, so the form's rules say
 * what is missing. Null when the place has no address at all (the person pressed Enter on free text).
 */
export function placeToAddress(place: PlaceResult): AddressInput | null {
  const components = place.address_components;
  if (!components || components.length === 0) return null;
  const part = (...types: string[]) => {
    for (const type of types) {
      const found = components.find((c) => c.types.includes(type));
      if (found) return found;
    }
    return undefined;
  };
  const street = [part('street_number')?.long_name, part('route')?.long_name].filter(Boolean).join(' ');
  const state = part('administrative_area_level_1');
  const location = place.geometry?.location;
  return {
    street_one: street || place.name || '',
    street_two: part('subpremise')?.long_name ?? null,
    city: part('locality', 'sublocality', 'sublocality_level_1', 'postal_town')?.long_name ?? '',
    state_abbrv: (state && (toStateAbbreviation(state.long_name) ?? toStateAbbreviation(state.short_name))) ?? '',
    postal: part('postal_code')?.short_name ?? '',
    latitude: location ? location.lat() : null,
    longitude: location ? location.lng() : null,
    place_id: place.place_id ?? null,
  } as AddressInput;
}
