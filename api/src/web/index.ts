// The web module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { spaCompression, spaStaticOptions } from './spa-static';
