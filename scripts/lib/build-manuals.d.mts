export const manualSources: string;
export const manualsOut: string;
export const manualLanguages: string[];
export function renderManual(markdown: string, language: string, outFile: string): Promise<number>;
export function buildManualsIfStale(options?: {
  force?: boolean;
}): Promise<{ language: string; pages: number; target: string }[]>;
