import { afterAll } from 'vitest';
import { closeTestDatabase } from './database';

afterAll(async () => {
  await closeTestDatabase();
});
