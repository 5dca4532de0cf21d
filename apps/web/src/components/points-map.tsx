import 'leaflet/dist/leaflet.css';
import { MAP_DEFAULT_ZOOM } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import { useClientConfig } from '../lib/client-config';

// Leaflet finds its marker images by a path guessed from its CSS, which a bundled build breaks:
// the default icon takes the bundled images instead.
delete (L.Icon.Default.prototype as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconUrl: markerIcon, iconRetinaUrl: markerIcon2x, shadowUrl: markerShadow });

export interface MapPoint {
  key: string | number;
  latitude: number;
  longitude: number;
  label: string;
}

// The middle of the contiguous US, when there is nothing to show.
const US_CENTER: [number, number] = [39.5, -98.35];

/**
 * A map with markers (zoom 10 around one point; several are fitted into view), tiles
 * from the configured tile server (MAP_TILE_URL); without one the markers show on a blank map.
 */
export function PointsMap({
  points,
  height = 320,
  label = 'Map',
}: {
  points: MapPoint[];
  height?: number;
  label?: string;
}) {
  const { maps } = useClientConfig();
  const first = points[0];
  const view =
    points.length > 1
      ? { bounds: L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number])).pad(0.2) }
      : {
          center: first ? ([first.latitude, first.longitude] as [number, number]) : US_CENTER,
          zoom: first ? MAP_DEFAULT_ZOOM : 4,
        };
  return (
    <Box
      role="region"
      aria-label={label}
      sx={{
        height,
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        // The tiles' credit links are told from their text by more than colour.
        '& .leaflet-control-attribution a': { textDecoration: 'underline' },
      }}
    >
      <MapContainer {...view} scrollWheelZoom={false} style={{ height: '100%' }}>
        {maps.tileUrl !== '' && <TileLayer url={maps.tileUrl} attribution={maps.tileAttribution} />}
        {points.map((p) => (
          <Marker key={p.key} position={[p.latitude, p.longitude]} title={p.label} alt={p.label}>
            {points.length > 1 && <Popup>{p.label}</Popup>}
          </Marker>
        ))}
      </MapContainer>
    </Box>
  );
}
