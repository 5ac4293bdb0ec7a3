/** Where the server's bundle is written (dist/server/main.mjs). */
export declare const serverBundle: string;
/** Builds the server's bundle from the current sources and answers its path. */
export declare function buildServerBundle(): Promise<string>;
