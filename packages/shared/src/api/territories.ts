import { z } from 'zod';
import { STATE_ABBREVIATIONS } from '../format/us-states.js';
import { text } from '../text.js';
import { defineCall, emptyRequest, idField, messageResponse } from './call.js';
import { territoryCallPaths } from './call-paths.js';

// Territories (our design; the spec names only /manage-territories and /territory): an admin gives
// a business's territories a name and the US states or 3-digit ZIP prefixes they cover, and assigns
// users; a person sees their territories with the leads of their groups that fall inside.

export const TERRITORY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Must be less than 60 characters long',
  areaRequired: 'Choose at least one state or ZIP prefix',
  stateInvalid: 'Choose US states',
  zipPrefixInvalid: 'A ZIP prefix is the first 3 digits of a ZIP code',
  nameTaken: 'Your business already has a territory with this name.',
} as const;

export const TERRITORY_NAME_MAX = 60;
// The leads /territory/mine shows at most.
export const TERRITORY_LEADS_MAX = 500;

const territoryFields = {
  name: text({ error: TERRITORY_MESSAGES.nameRequired })
    .trim()
    .min(1, TERRITORY_MESSAGES.nameRequired)
    .max(TERRITORY_NAME_MAX, TERRITORY_MESSAGES.nameTooLong),
  states: z
    .array(z.enum(STATE_ABBREVIATIONS, { error: TERRITORY_MESSAGES.stateInvalid }))
    .max(60)
    .default([]),
  zip_prefixes: z
    .array(text().regex(/^\d{3}$/, TERRITORY_MESSAGES.zipPrefixInvalid))
    .max(1000)
    .default([]),
  user_ids: z.array(idField).max(1000).default([]),
};

const hasArea = (t: { states: string[]; zip_prefixes: string[] }) => t.states.length + t.zip_prefixes.length > 0;

export const territoryCreateRequest = z
  .strictObject({ business_id: idField, ...territoryFields })
  .refine(hasArea, { path: ['states'], message: TERRITORY_MESSAGES.areaRequired });
export const territoryUpdateRequest = z
  .strictObject({ business_id: idField, territory_id: idField, ...territoryFields })
  .refine(hasArea, { path: ['states'], message: TERRITORY_MESSAGES.areaRequired });
export const territoryDeleteRequest = z.strictObject({ business_id: idField, territory_id: idField });
export const territoryListRequest = z.strictObject({ business_id: idField });

export const territory = z.object({
  territoryId: z.number().int(),
  name: z.string(),
  states: z.array(z.string()),
  zipPrefixes: z.array(z.string()),
  users: z.array(z.object({ userId: z.number().int(), firstName: z.string(), lastName: z.string() })),
});
export type Territory = z.infer<typeof territory>;

export const territoryLead = z.object({
  leadId: z.number().int(),
  groupId: z.number().int(),
  name: z.string(),
  company: z.string(),
  city: z.string(),
  stateAbbrv: z.string(),
  postal: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  // The caller's territories that hold the lead.
  territoryIds: z.array(z.number().int()),
});
export type TerritoryLead = z.infer<typeof territoryLead>;

export const territoryCalls = {
  list: defineCall({
    ...territoryCallPaths.list,
    summary: "The business's territories and who covers them (ADMINs of the business)",
    request: territoryListRequest,
    response: z.object({ territories: z.array(territory) }),
  }),
  create: defineCall({
    ...territoryCallPaths.create,
    summary: 'Define a territory: a name, US states or 3-digit ZIP prefixes, and its users (ADMINs)',
    request: territoryCreateRequest,
    response: territory,
  }),
  update: defineCall({
    ...territoryCallPaths.update,
    summary: 'Change a territory, its area and its users (ADMINs)',
    request: territoryUpdateRequest,
    response: territory,
  }),
  delete: defineCall({
    ...territoryCallPaths.delete,
    summary: 'Remove a territory (ADMINs)',
    request: territoryDeleteRequest,
    response: messageResponse,
  }),
  mine: defineCall({
    ...territoryCallPaths.mine,
    summary: "The caller's territories and the leads of their groups inside them",
    request: emptyRequest,
    response: z.object({ territories: z.array(territory), leads: z.array(territoryLead) }),
  }),
} as const;
