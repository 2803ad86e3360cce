// Types of eslint.config.js for the boundary test (src/server/feature-boundaries.test.ts).
export declare const SERVER_FEATURES: string[];
export declare const BOUNDARY_EXEMPT: string[];
declare const config: unknown[];
export default config;
