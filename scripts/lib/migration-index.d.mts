export const migrationsDir: string;
export const indexFile: string;
export function migrationNames(): string[];
export function renderIndex(names?: string[]): string;
