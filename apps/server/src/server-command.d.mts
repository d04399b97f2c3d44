// Types of server-command.mjs for the TypeScript that imports it.
export declare const SERVER_HEAP_LIMIT_MB: number;
export declare function serverNodeArgs(nodeOptions?: string): string[];
