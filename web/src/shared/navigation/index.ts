export { isRouteHandle, type RouteHandle } from './route-handle';
export { SECTIONS, type Section, visibleSections } from './sections';
