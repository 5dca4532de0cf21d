import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server package's folder, whether the code runs from src/ (tsx) or from the start bundle in
// build/ (scripts/start.mjs): both sit one level under it.
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
