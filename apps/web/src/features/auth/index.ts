// The account screens, loaded together as one code-split area; sign in is its own (sign-in.ts), the
// smallest first load of the app.
export { ForgotPasswordPage } from './pages/forgot-password-page';
export { OAuthLoginPage } from './pages/oauth-login-page';
export { ResetPasswordPage } from './pages/reset-password-page';
export { SignOutPage } from './pages/sign-out-page';
export { SignUpPage } from './pages/sign-up-page';
export { SignupConfirmationPage } from './pages/signup-confirmation-page';
