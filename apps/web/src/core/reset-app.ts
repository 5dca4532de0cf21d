import { createAction } from '@reduxjs/toolkit';

// Clears the whole state on sign out ("the whole app state can be reset").
export const resetApp = createAction('app/reset');
