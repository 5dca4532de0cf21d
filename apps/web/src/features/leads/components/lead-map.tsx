import { PointsMap } from '../../../components/points-map';

interface LeadMapProps {
  latitude: number;
  longitude: number;
  label: string;
}

/** The map at the lead's address (spec 001 §2, §9: zoom 10). Its own chunk: only the details page loads it. */
export function LeadMap({ latitude, longitude, label }: LeadMapProps) {
  return <PointsMap points={[{ key: 'lead', latitude, longitude, label }]} />;
}
