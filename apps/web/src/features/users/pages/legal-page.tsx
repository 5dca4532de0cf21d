import { ROUTES } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import { LegalDocument } from '../../../components/legal/legal-document';
import { privacyPolicy } from '../../../components/legal/privacy-policy';
import { userAgreement } from '../../../components/legal/user-agreement';
import { LinkTabs, linkTabId } from '../../../components/link-tabs';
import { useClientConfig } from '../../../lib/client-config';

const TABS = [
  { label: 'Privacy Policy', to: ROUTES.myPrivacyPolicy },
  { label: 'User Agreement', to: ROUTES.myTermsOfUse },
] as const;

const PANEL_ID = 'legal-tabpanel';

/** My settings, Legal: Privacy Policy is tab 0, User Agreement tab 1, each at its own address. */
export function LegalPage({ tab }: { tab: 0 | 1 }) {
  const { supportEmail } = useClientConfig();
  const text = tab === 0 ? privacyPolicy(supportEmail) : userAgreement(supportEmail);
  return (
    <>
      <LinkTabs label="Legal documents" tabs={TABS} selected={tab} panelId={PANEL_ID} sx={{ mb: 2 }} />
      <Box role="tabpanel" id={PANEL_ID} aria-labelledby={linkTabId(PANEL_ID, tab)}>
        <LegalDocument text={text} headingLevel={3} />
      </Box>
    </>
  );
}
