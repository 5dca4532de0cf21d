import { territoryCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import * as territories from './territories.service.js';

export function registerTerritoryRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(territoryCalls.list, ({ userId, body }) => territories.listTerritories(deps, userId, body.business_id));
  call(territoryCalls.create, ({ userId, body }) => territories.createTerritory(deps, userId, body));
  call(territoryCalls.update, ({ userId, body }) => territories.updateTerritory(deps, userId, body));
  call(territoryCalls.delete, ({ userId, body }) => territories.deleteTerritory(deps, userId, body));
  call(territoryCalls.mine, ({ userId }) => territories.myTerritories(deps, userId));
}
