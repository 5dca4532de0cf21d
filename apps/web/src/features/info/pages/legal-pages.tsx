import { faq } from '../../../components/legal/faq';
import { LegalDocument } from '../../../components/legal/legal-document';
import { privacyPolicy } from '../../../components/legal/privacy-policy';
import { userAgreement } from '../../../components/legal/user-agreement';
import { useClientConfig } from '../../../lib/client-config';
import { InfoLayout } from '../components/info-layout';

// /privacy-policy, /user-agreement, /terms and /faq: public, with real content.

export function PrivacyPolicyPage() {
  const { supportEmail } = useClientConfig();
  return (
    <InfoLayout title="Privacy Policy">
      <LegalDocument text={privacyPolicy(supportEmail)} />
    </InfoLayout>
  );
}

/** /user-agreement and /terms: the User Agreement is the terms of use. */
export function UserAgreementPage({ title = 'User Agreement' }: { title?: string }) {
  const { supportEmail } = useClientConfig();
  return (
    <InfoLayout title={title}>
      <LegalDocument text={userAgreement(supportEmail)} />
    </InfoLayout>
  );
}

export function FaqPage() {
  const { supportEmail } = useClientConfig();
  return (
    <InfoLayout title="Frequently asked questions">
      <LegalDocument text={faq(supportEmail)} />
    </InfoLayout>
  );
}
