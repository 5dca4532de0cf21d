import { createSlice } from '@reduxjs/toolkit';

// Interface choices kept across visits (core/persisted-ui.ts).
export interface UiState {
  isSidebarCollapsed: boolean;
}

const initialState: UiState = { isSidebarCollapsed: false };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    sidebarToggled(state) {
      state.isSidebarCollapsed = !state.isSidebarCollapsed;
    },
  },
});

export const { sidebarToggled } = uiSlice.actions;
