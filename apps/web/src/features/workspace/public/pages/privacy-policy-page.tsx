import { PolicyPage } from './policy-page.tsx';

/** /CassLoginPrivacyPolicy and /platform/secret_service_show.lf: the privacy policy (page configuration 'privacy'). */
export function PrivacyPolicyPage() {
  return <PolicyPage kind="privacy" />;
}

/** /platform/cass_secret_service_show: the platform service agreement (page configuration 'serviceAgreement'). */
export function ServiceAgreementPage() {
  return <PolicyPage kind="serviceAgreement" />;
}
