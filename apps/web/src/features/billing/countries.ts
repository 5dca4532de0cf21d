import { DEFAULT_COUNTRY } from '@leadcircle/shared';

// Countries where card payments are taken (Stripe's supported business countries); US first, the default
//. Codes are ISO 3166-1 alpha-2, as the payment method's billing details carry them.
const CODES = (
  'AU AT BE BG BR CA HR CY CZ DK EE FI FR DE GI GR HK HU IN IE IT JP LV LI LT LU MY MT MX NL NZ NO PL PT RO SG SK SI ES ' +
  'SE CH TH AE GB'
).split(' ');

export interface Country {
  code: string;
  name: string;
}

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export const COUNTRIES: Country[] = [
  { code: DEFAULT_COUNTRY, name: countryName(DEFAULT_COUNTRY) },
  ...CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name)),
];
