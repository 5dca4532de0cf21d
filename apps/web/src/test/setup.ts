import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait up to 5 s, not 1: on a busy machine a screen's first render (MUI's modules,
// then its calls one after another) takes seconds. They still return as soon as what they wait for is there.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
