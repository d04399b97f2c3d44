// The map feature's entry for the router: the screen is loaded on demand, so Leaflet and the land data stay out of the main bundle.
import { lazy } from 'react';

export const LazyMapScreen = lazy(() => import('./components/map-screen'));
