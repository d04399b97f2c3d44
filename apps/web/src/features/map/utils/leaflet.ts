// Leaflet with the marker-cluster plugin and both style sheets; the plugin extends the global L, so L is set first.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';

(globalThis as { L?: typeof L }).L = L;

export { L };
