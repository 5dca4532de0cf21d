import { useParams } from 'react-router';

/** A positive integer route param as a number (0 when the address holds no valid id). */
export function useRouteId(name: string): number {
  const id = Number(useParams()[name]);
  return Number.isInteger(id) && id > 0 ? id : 0;
}
