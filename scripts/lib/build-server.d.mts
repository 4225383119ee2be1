/** Types of build-server.mjs for the TypeScript that imports it (the compiled-server test). */
export declare const serverDir: string;
export declare function buildServer(outdir?: string): Promise<void>;
export declare function buildServerIfStale(): Promise<void>;
