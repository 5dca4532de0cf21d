// US states (address country US; state names convert to two-letter abbreviations).

export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
} as const;
export type StateAbbreviation = keyof typeof US_STATES;
export const STATE_ABBREVIATIONS = Object.keys(US_STATES) as [StateAbbreviation, ...StateAbbreviation[]];

const byName = new Map<string, StateAbbreviation>(
  Object.entries(US_STATES).map(([abbr, name]) => [name.toLowerCase(), abbr as StateAbbreviation]),
);

/**
 * A state's two-letter abbreviation from its name ("New York", "new york") or from an
 * abbreviation already ("ny"); undefined when it is neither.
 */
export function toStateAbbreviation(nameOrAbbreviation: string): StateAbbreviation | undefined {
  const value = nameOrAbbreviation.trim();
  const upper = value.toUpperCase();
  if (upper in US_STATES) return upper as StateAbbreviation;
  return byName.get(value.toLowerCase().replace(/\s+/g, ' ')) ?? byName.get(value.toLowerCase().replace(/\./g, ''));
}
