import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server package's folder, whether the code runs from src/ (tsx) or from the start bundle in
// build/ (scripts/start.mjs): both sit one level under it.
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The project folder (the workspace root): relative path settings (DATA_DIR, WEB_DIST_DIR) and the .env file are
// read against it, so `npm start` (run there) and `npm run admin:create` (run by npm inside apps/server) agree.
export const PROJECT_DIR = path.resolve(SERVER_DIR, '../..');
