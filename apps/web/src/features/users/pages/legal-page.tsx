import { ROUTES } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useNavigate } from 'react-router';
import { LegalDocument } from '../../../components/legal/legal-document';
import { privacyPolicy } from '../../../components/legal/privacy-policy';
import { userAgreement } from '../../../components/legal/user-agreement';
import { useClientConfig } from '../../../lib/client-config';

const TABS = [
  { label: 'Privacy Policy', to: ROUTES.myPrivacyPolicy },
  { label: 'User Agreement', to: ROUTES.myTermsOfUse },
] as const;

/** My settings, Legal: Privacy Policy is tab 0, User Agreement tab 1, each at its own address. */
export function LegalPage({ tab }: { tab: 0 | 1 }) {
  const navigate = useNavigate();
  const { supportEmail } = useClientConfig();
  const text = tab === 0 ? privacyPolicy(supportEmail) : userAgreement(supportEmail);
  return (
    <>
      <Tabs value={tab} onChange={(_event, index: number) => navigate(TABS[index]!.to)} sx={{ mb: 2 }}>
        {TABS.map((t, index) => (
          <Tab key={t.to} label={t.label} id={`legal-tab-${index}`} aria-controls="legal-tabpanel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="legal-tabpanel" aria-labelledby={`legal-tab-${tab}`}>
        <LegalDocument text={text} headingLevel={3} />
      </Box>
    </>
  );
}
