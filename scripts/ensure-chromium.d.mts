// Types of ensure-chromium.mjs for the TypeScript scripts that import it.
export declare const CHROMIUM: string;
export declare function ensureChromium(): void;
