// The sign-in screen: a chunk of its own, so a visitor's first load carries it and nothing more of the
// account screens (scripts/check-bundle-budget.mjs keeps its budget).
export { SignInPage } from './pages/sign-in-page';
