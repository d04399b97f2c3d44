// Loaded after ./leaflet so the plugin finds the global L it extends (L.markerClusterGroup).
import { L } from './leaflet';
import 'leaflet.markercluster';

export { L };
