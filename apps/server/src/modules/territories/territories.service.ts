import {
  TERRITORY_LEADS_MAX,
  TERRITORY_MESSAGES,
  type Territory,
  type TerritoryLead,
  type territoryCreateRequest,
  type territoryUpdateRequest,
} from '@leadcircle/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import * as users from '../accounts/accounts.service.js';
import { requireBusinessAdmin } from '../business/business.access.js';
import * as q from './territories.queries.js';

const territoryNotFound = () => notFound('TERRITORY_NOT_FOUND');
const nameTaken = () => conflict('TERRITORY_NAME_TAKEN', TERRITORY_MESSAGES.nameTaken);

async function present(db: DbOrTx, rows: q.TerritoryRow[]): Promise<Territory[]> {
  const assignees = await q.listAssignees(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    territoryId: r.id,
    name: r.name,
    states: r.states,
    zipPrefixes: r.zipPrefixes,
    users: assignees
      .filter((a) => a.territoryId === r.id)
      .map(({ userId, firstName, lastName }) => ({ userId, firstName, lastName })),
  }));
}

const unique = <T>(items: T[]) => [...new Set(items)];

async function checkFields(
  db: DbOrTx,
  businessId: number,
  input: { name: string; user_ids: number[] },
  exceptId?: number,
) {
  const userIds = unique(input.user_ids);
  if ((await q.countActiveUsersAmong(db, businessId, userIds)) !== userIds.length) {
    throw badRequest('TERRITORY_USER_NOT_IN_BUSINESS');
  }
  if (await q.isNameTaken(db, businessId, input.name, exceptId)) {
    throw nameTaken();
  }
  return userIds;
}

export async function listTerritories(deps: AppDeps, callerId: number, businessId: number) {
  await requireBusinessAdmin(deps.db, callerId, businessId);
  return { territories: await present(deps.db, await q.listTerritoriesOfBusiness(deps.db, businessId)) };
}

export async function createTerritory(
  deps: AppDeps,
  callerId: number,
  input: z.output<typeof territoryCreateRequest>,
): Promise<Territory> {
  await requireBusinessAdmin(deps.db, callerId, input.business_id);
  return deps.db.transaction(async (tx) => {
    const userIds = await checkFields(tx, input.business_id, input);
    const row = await q.insertTerritory(tx, {
      businessId: input.business_id,
      name: input.name,
      states: unique(input.states),
      zipPrefixes: unique(input.zip_prefixes),
    });
    if (!row) throw nameTaken();
    await q.setAssignees(tx, row.id, userIds);
    const [territory] = await present(tx, [row]);
    return territory!;
  });
}

export async function updateTerritory(
  deps: AppDeps,
  callerId: number,
  input: z.output<typeof territoryUpdateRequest>,
): Promise<Territory> {
  await requireBusinessAdmin(deps.db, callerId, input.business_id);
  try {
    return await deps.db.transaction(async (tx) => {
      const existing = await q.findTerritory(tx, input.business_id, input.territory_id);
      if (!existing) throw territoryNotFound();
      const userIds = await checkFields(tx, input.business_id, input, existing.id);
      const row = await q.updateTerritory(tx, existing.id, {
        name: input.name,
        states: unique(input.states),
        zipPrefixes: unique(input.zip_prefixes),
      });
      await q.setAssignees(tx, existing.id, userIds);
      const [territory] = await present(tx, [row!]);
      return territory!;
    });
  } catch (error) {
    // Another rename to the same name (in any case) committed after the check.
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function deleteTerritory(
  deps: AppDeps,
  callerId: number,
  input: { business_id: number; territory_id: number },
): Promise<{ message: string }> {
  await requireBusinessAdmin(deps.db, callerId, input.business_id);
  const existing = await q.findTerritory(deps.db, input.business_id, input.territory_id);
  if (!existing) throw territoryNotFound();
  await q.deleteTerritory(deps.db, existing.id);
  return { message: 'The territory has been removed.' };
}

/** `/territory/mine`: the caller's territories in their business, and their groups' leads inside. */
export async function myTerritories(
  deps: AppDeps,
  callerId: number,
): Promise<{ territories: Territory[]; leads: TerritoryLead[] }> {
  const caller = await users.findUserRowById(deps.db, callerId);
  if (!caller?.businessId) return { territories: [], leads: [] };
  const rows = await q.listTerritoriesOfUser(deps.db, callerId, caller.businessId);
  const leads = await q.listLeadsInTerritoriesOfUser(
    deps.db,
    callerId,
    rows.map((r) => r.id),
    TERRITORY_LEADS_MAX,
  );
  return {
    territories: await present(deps.db, rows),
    leads: leads.map((l) => ({
      leadId: l.id,
      groupId: l.group_id,
      name: `${l.first_name} ${l.last_name}`.trim(),
      company: l.company,
      city: l.city,
      stateAbbrv: l.state_abbrv,
      postal: l.postal,
      latitude: l.latitude,
      longitude: l.longitude,
      territoryIds: l.territory_ids.map(Number),
    })),
  };
}

/** Who a new lead at this address concerns by territory: the group's members whose territory holds it. */
export const listTerritoryHoldersFor = (db: DbOrTx, groupId: number, place: { stateAbbrv: string; postal: string }) =>
  q.listTerritoryHoldersFor(db, groupId, place);
