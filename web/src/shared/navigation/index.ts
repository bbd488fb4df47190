export { isRouteHandle, type RouteHandle } from './route-handle';
export { type Section, visibleSections } from './sections';
