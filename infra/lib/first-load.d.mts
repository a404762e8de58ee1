export interface ChunkSize {
  file: string;
  gzipBytes: number;
}
export interface PageLoad {
  files: ChunkSize[];
  bytes: number;
  modules: string[];
}
export type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;
export const FIRST_LOAD_BUDGET_BYTES: number;
export const PAGE_SCREENS: Record<'/' | '/pricing' | '/dashboard/overview', string>;
export function readManifest(dist: string): Manifest;
export function firstLoad(dist: string, screen: string, manifest?: Manifest): PageLoad;
export function lazyChunk(dist: string, source: string, manifest?: Manifest): PageLoad | null;
