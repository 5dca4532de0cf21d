// The public information pages, loaded as one code-split area.
export { DownloadAppPage } from './pages/download-app-page';
export { FaqPage, PrivacyPolicyPage, UserAgreementPage } from './pages/legal-pages';
