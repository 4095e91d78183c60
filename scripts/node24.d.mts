export declare const NODE_24: { package: string; version: string; integrity: string }
export declare const NODE_24_VARIABLE: string
export declare function toolsDir(env?: NodeJS.ProcessEnv): string
export declare function pinnedNode24(dir?: string): string
export declare function node24Unavailable(platform?: string, arch?: string): string | false
export declare function integrityOf(bytes: Uint8Array): string
export declare function installNode24(dir?: string): Promise<string>
