import { createAction } from '@reduxjs/toolkit';

// Clears the whole state on sign out (spec 000 §4: "the whole app state can be reset").
export const resetApp = createAction('app/reset');
