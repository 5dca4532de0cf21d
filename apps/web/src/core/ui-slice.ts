import { createSlice } from '@reduxjs/toolkit';

// Interface choices kept across visits (persisted by redux-persist).
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
