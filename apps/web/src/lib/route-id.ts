import { useParams } from 'react-router';

/** A positive integer route param as a number (0 when the address holds no valid id). */
export function useRouteId(name: string): number {
  return routeId(useParams()[name]);
}

/** A route param that should hold a positive integer id, as a number (0 when it does not). */
export function routeId(param: string | undefined): number {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : 0;
}
