// The member rating of /rating/user and the group users list (MEMBER_RATING_EXPLANATION says it in
// one sentence; docs/decisions/outcomes.md writes it out):
//
//   quality  = the average, over the member's leads with at least one quality rating, of each lead's average (1–5)
//   winScore = 1 + 4 × (won + 1) / (won + lost + 2)       a 1–5 score of the win rate, starting from one won and one lost
//   rating   = (rated × quality + decided × winScore) / (rated + decided)    decided = won + lost
//
// rated is how many of their leads are rated; a member with no decided lead keeps the plain quality
// average, and one with neither has no rating (null). Rounded to one decimal.

export interface MemberRatingInput {
  /** The average of the per-lead quality averages; null when none of their leads is rated. */
  qualityAverage: number | null;
  /** How many of their leads have a quality rating. */
  ratedLeads: number;
  /** Their leads whose outcome is Won, and Lost, now. */
  won: number;
  lost: number;
}

/** Half up to one decimal; the epsilon keeps 4.35 (stored as 4.3499…) at 4.4, as PostgreSQL's round did. */
export const roundToTenth = (value: number) => Math.round(value * 10 + 1e-9) / 10;

/** A 1–5 score of the win rate, with one won and one lost lead assumed, so one lead cannot decide it. */
export const winScore = (won: number, lost: number) => 1 + (4 * (won + 1)) / (won + lost + 2);

export function memberRating({ qualityAverage, ratedLeads, won, lost }: MemberRatingInput): number | null {
  const decided = won + lost;
  const rated = qualityAverage === null ? 0 : ratedLeads;
  if (rated + decided === 0) return null;
  const quality = qualityAverage ?? 0;
  return roundToTenth((rated * quality + decided * winScore(won, lost)) / (rated + decided));
}
