import { type AddressInput, LEAD_MESSAGES } from '@leadcircle/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, bodiesSentTo } from '../test/fake-server';
import { renderInApp, seedCurrentUser, testConfig } from '../test/render-in-app';
import { AddressField } from './address-field';
import type { PlaceResult } from './google-place-address';

// Google's script is not fetched in jsdom: the test plays Google, announcing the script as loaded
// and answering as Places Autocomplete does.

interface FakeAutocomplete {
  input: HTMLInputElement;
  options: unknown;
  placeChanged?: () => void;
  place?: PlaceResult;
}

function installFakeGoogle() {
  const created: FakeAutocomplete[] = [];
  class Autocomplete {
    private readonly fake: FakeAutocomplete;
    constructor(input: HTMLInputElement, options: unknown) {
      this.fake = { input, options };
      created.push(this.fake);
    }
    addListener(_event: string, handler: () => void) {
      this.fake.placeChanged = handler;
      return { remove: () => {} };
    }
    getPlace() {
      return this.fake.place ?? {};
    }
  }
  (window as unknown as { google: unknown }).google = {
    maps: { places: { Autocomplete }, event: { clearInstanceListeners: () => {} } },
  };
  return created;
}

afterEach(() => {
  delete (window as unknown as { google?: unknown }).google;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('AddressField with a Google Maps key: Places search, else the US address form', () => {
  it('loads the Places library and turns the chosen US establishment into the address', async () => {
    const created = installFakeGoogle();
    const onChange = vi.fn<(value: AddressInput | null) => void>();
    renderInApp(<AddressField value={null} onChange={onChange} />, {
      config: { ...testConfig, maps: { ...testConfig.maps, googleMapsApiKey: 'test-key' } },
    });
    expect(screen.queryByLabelText('ZIP code')).not.toBeInTheDocument();

    const script = document.head.querySelector<HTMLScriptElement>('script[src^="https://maps.googleapis.com/"]');
    expect(script?.src).toBe('https://maps.googleapis.com/maps/api/js?key=test-key&libraries=places');
    act(() => {
      script?.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(created).toHaveLength(1));
    const autocomplete = created[0]!;
    expect(autocomplete.input).toBe(screen.getByLabelText('Search for a place'));
    expect(autocomplete.options).toMatchObject({ componentRestrictions: { country: 'us' }, types: ['establishment'] });

    autocomplete.place = {
      address_components: [
        { long_name: '20', short_name: '20', types: ['street_number'] },
        { long_name: 'West 34th Street', short_name: 'W 34th St', types: ['route'] },
        { long_name: 'New York', short_name: 'New York', types: ['locality', 'political'] },
        { long_name: 'New York', short_name: 'NY', types: ['administrative_area_level_1', 'political'] },
        { long_name: '10001', short_name: '10001', types: ['postal_code'] },
      ],
      geometry: { location: { lat: () => 40.7484405, lng: () => -73.9856644 } },
      place_id: 'ChIJaXQRs6lZwokRY6EFpJnhNNE',
      name: 'Empire State Building',
    };
    act(() => autocomplete.placeChanged?.());
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ street_one: '20 West 34th Street', state_abbrv: 'NY', postal: '10001' }),
    );
    expect(screen.getByLabelText('Search for a place')).toHaveValue('Empire State Building');
  });

  it('falls back to the US address form when the script cannot load', async () => {
    // Another key: the script loader remembers each address it has loaded.
    renderInApp(<AddressField value={null} onChange={() => {}} />, {
      config: { ...testConfig, maps: { ...testConfig.maps, googleMapsApiKey: 'unreachable-key' } },
    });
    expect(screen.getByLabelText('Search for a place')).toBeInTheDocument();
    const script = document.head.querySelector<HTMLScriptElement>('script[src*="key=unreachable-key"]');
    expect(script).not.toBeNull();
    act(() => {
      script?.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByLabelText('ZIP code')).toBeInTheDocument();
  });
});

describe('AddressField without a key: the US address form', () => {
  it('answers null while nothing is typed, and the typed parts otherwise', () => {
    const onChange = vi.fn<(value: AddressInput | null) => void>();
    renderInApp(<AddressField value={null} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Street'), { target: { value: '350 Fifth Avenue' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ street_one: '350 Fifth Avenue' }));
    fireEvent.change(screen.getByLabelText('Street'), { target: { value: ' ' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByLabelText('State')).toHaveDisplayValue('');
    expect(screen.getByRole('option', { name: 'New York' })).toHaveValue('NY');
  });

  it('fills city, state and coordinates from the lookup of a five-digit ZIP code', async () => {
    await seedCurrentUser();
    const calls = answerCalls({
      '/api/address/zip': {
        status: 200,
        body: { postal: '10118', city: 'New York', stateAbbrv: 'NY', latitude: 40.7484, longitude: -73.9857 },
      },
    });
    const onChange = vi.fn<(value: AddressInput | null) => void>();
    renderInApp(<ControlledAddressField onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Street'), { target: { value: '350 Fifth Avenue' } });
    // Not five digits yet: nothing is looked up.
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '1011' } });
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '10118' } });

    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('New York'));
    expect(screen.getByLabelText('State')).toHaveValue('NY');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        street_one: '350 Fifth Avenue',
        postal: '10118',
        city: 'New York',
        state_abbrv: 'NY',
        latitude: 40.7484,
        longitude: -73.9857,
      }),
    );
    expect(bodiesSentTo(calls, '/api/address/zip')).toEqual([{ postal: '10118' }]);
    expect(screen.queryByText(LEAD_MESSAGES.zipNotFound)).not.toBeInTheDocument();
  });

  it('says so when the ZIP code is not in the table, and leaves city and state as typed', async () => {
    await seedCurrentUser();
    answerCalls({
      '/api/address/zip': { status: 404, body: { message: 'Unknown ZIP code.', code: 'ZIP_NOT_FOUND' } },
    });
    renderInApp(<ControlledAddressField />);
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Springfield' } });
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '00000' } });

    expect(await screen.findByText(LEAD_MESSAGES.zipNotFound)).toBeInTheDocument();
    expect(screen.getByLabelText('ZIP code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('City')).toHaveValue('Springfield');
    expect(screen.getByLabelText('State')).toHaveValue('');
  });
});

// The field as a form holds it: the value it answers is the value it shows.
function ControlledAddressField({ onChange }: { onChange?: (value: AddressInput | null) => void }) {
  const [value, setValue] = useState<AddressInput | null>(null);
  return (
    <AddressField
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}
