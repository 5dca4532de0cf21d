import { PointsMap } from './points-map';

interface LocationMapProps {
  latitude: number;
  longitude: number;
  label: string;
}

/**
 * The map at a lead's or an opportunity's address. Its own chunk: only the details pages load it.
 */
export function LocationMap({ latitude, longitude, label }: LocationMapProps) {
  return <PointsMap points={[{ key: 'location', latitude, longitude, label }]} />;
}
