import 'leaflet/dist/leaflet.css';
import { MAP_DEFAULT_ZOOM } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';
import { useClientConfig } from '../lib/client-config';

// Leaflet finds its marker images by a path guessed from its CSS, which a bundled build breaks:
// the default icon takes the bundled images instead.
delete (L.Icon.Default.prototype as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconUrl: markerIcon, iconRetinaUrl: markerIcon2x, shadowUrl: markerShadow });

interface LocationMapProps {
  latitude: number;
  longitude: number;
  label: string;
}

/**
 * The map at a lead's or an opportunity's address, tiles from the configured
 * tile server (MAP_TILE_URL); without one the marker shows on a blank map. Its own chunk: only the
 * details pages load it.
 */
export function LocationMap({ latitude, longitude, label }: LocationMapProps) {
  const { maps } = useClientConfig();
  const position: [number, number] = [latitude, longitude];
  return (
    <Box
      role="region"
      aria-label="Map"
      sx={{ height: 320, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
    >
      <MapContainer center={position} zoom={MAP_DEFAULT_ZOOM} scrollWheelZoom={false} style={{ height: '100%' }}>
        {maps.tileUrl !== '' && <TileLayer url={maps.tileUrl} attribution={maps.tileAttribution} />}
        <Marker position={position} title={label} alt={label} />
      </MapContainer>
    </Box>
  );
}
