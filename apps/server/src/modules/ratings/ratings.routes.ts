import { ratingCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import * as ratings from './ratings.service.js';

// The rating calls.
export function registerRatingRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(ratingCalls.qualityGet, ({ userId, body }) => ratings.getQualityRating(deps, userId, body.lead_id));
  call(ratingCalls.qualityRate, ({ userId, body }) => ratings.rateQuality(deps, userId, body));
  call(ratingCalls.relevancyRate, ({ userId, body }) => ratings.rateRelevancy(deps, userId, body));
  call(ratingCalls.user, ({ userId, body }) => ratings.getUserRatings(deps, userId, body.user_ids));
}
